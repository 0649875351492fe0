import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';

/**
 * A list read a page at a time from a cursor, newest first, each page appended below the ones before ("show
 * more"): a member's own events and the records they touched (/user/info). Each use provides `fetchPage`, which
 * answers the page after the cursor (the first page for null) and where the next one begins.
 *
 * Invariants:
 * - a page is asked for only when the last page said there is another (its `next_cursor`), one at a time;
 * - the pages shown are kept when the next one fails: the error is shown beside them and "more" tries again;
 * - a failed first load shows the error with a retry; a reload starts again from the first page.
 */

export interface CursorPage {
  items: unknown[];
  next_cursor: string | null;
}

export interface CursorPagesContext {
  /** The pages loaded, in order: the first page's extras (a member's counts) stay readable. */
  pages: CursorPage[];
  error: ErrorText | null;
}

export type CursorPagesEvent = { type: 'pages.more' } | { type: 'pages.retry' } | { type: 'pages.reload' };

const nextCursor = (context: CursorPagesContext) => context.pages.at(-1)?.next_cursor ?? null;

export const cursorPagesMachine = setup({
  types: {
    context: {} as CursorPagesContext,
    events: {} as CursorPagesEvent,
  },
  actors: {
    fetchPage: fromPromise<CursorPage, { cursor: string | null }>(() =>
      Promise.reject(new Error('cursorPagesMachine: provide fetchPage')),
    ),
  },
  guards: {
    hasMore: ({ context }) => nextCursor(context) !== null,
  },
  actions: {
    start: assign({
      pages: ({ event }) => [(event as unknown as { output: CursorPage }).output],
      error: null,
    }),
    append: assign({
      pages: ({ context, event }) => [...context.pages, (event as unknown as { output: CursorPage }).output],
      error: null,
    }),
    storeError: assign({ error: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'cursorPages',
  context: { pages: [], error: null },
  initial: 'loading',
  states: {
    /** The first page: nothing to show yet. */
    loading: {
      invoke: {
        id: 'fetchFirst',
        src: 'fetchPage',
        input: { cursor: null },
        onDone: { target: 'ready', actions: 'start' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    failed: {
      on: { 'pages.retry': 'loading' },
    },
    ready: {
      on: {
        'pages.more': { guard: 'hasMore', target: 'loadingMore' },
        'pages.reload': 'loading',
      },
    },
    /** The page after the last one, with the pages loaded still shown. */
    loadingMore: {
      invoke: {
        id: 'fetchNext',
        src: 'fetchPage',
        input: ({ context }) => ({ cursor: nextCursor(context) }),
        onDone: { target: 'ready', actions: 'append' },
        onError: { target: 'ready', actions: 'storeError' },
      },
    },
  },
});

export type CursorPagesSnapshot = SnapshotFrom<typeof cursorPagesMachine>;

/** Every item of the pages loaded, in order. */
export const selectItems = (s: CursorPagesSnapshot): unknown[] => s.context.pages.flatMap((p) => p.items);

/** The first page as it came (null before it does): where a page carries more than its items. */
export const selectFirstPage = (s: CursorPagesSnapshot): CursorPage | null => s.context.pages[0] ?? null;
