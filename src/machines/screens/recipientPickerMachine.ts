import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { searchRecipients, type RecipientKind, type RecipientOption } from '@/services/notices';
import { CUSTOMER_LIST } from '@/contract/customers';
import { SUPPLIER_LIST } from '@/contract/suppliers';
import { fitText } from '@/machines/lifecycles/visibleText';
import { SEARCH_PAUSE_MS } from './candidatePickerMachine';

export type { RecipientKind, RecipientOption };

/**
 * The one supplier or customer a notice is for, found by typing a name or a mobile (as their lists search) and
 * picked from the matches, by keyboard or pointer: a combobox.
 *
 * Invariants:
 * - the matches shown are always the answer to the latest text typed (typing again restarts the pending search);
 * - a pick is always one of the matches shown; typing after a pick drops it, so the form never names a recipient
 *   other than the one whose name the field shows;
 * - every change of the pick is told to the form (`recipient.changed`, with the id or null), where the notice's
 *   rules (the lifecycle's) decide whether the notice may be saved;
 * - the form's own value wins: `recipient.set` (a record loaded, the audience changed) replaces the pick quietly.
 */

export interface PickerContext {
  kind: RecipientKind;
  /** What the field shows: the text typed, or the name picked. */
  text: string;
  matches: RecipientOption[];
  /** The match the arrow keys are on; -1 for none. */
  active: number;
  picked: RecipientOption | null;
  error: ErrorText | null;
}

export type RecipientPickerEvent =
  | { type: 'recipient.set'; kind: RecipientKind; picked: RecipientOption | null }
  | { type: 'recipient.type'; text: string }
  | { type: 'recipient.open' }
  | { type: 'recipient.next' }
  | { type: 'recipient.previous' }
  | { type: 'recipient.pick'; index: number }
  | { type: 'recipient.close' }
  | { type: 'recipient.retry' };

export type RecipientPickerEmitted = { type: 'recipient.changed'; id: number | null };

/** How many matches are shown: enough to choose among, few enough to read; typing more narrows them. */
export const RECIPIENT_MATCHES = 8;

/** The longest text the field takes, in characters: what both lists' searches accept. */
export const RECIPIENT_TEXT_MAX = Math.min(SUPPLIER_LIST.search.maxLength, CUSTOMER_LIST.search.maxLength);

const searchAgain = { target: '#recipientPicker.open.typing', reenter: true, actions: 'type' } as const;
/** Typing while the matches are open: a pick still shown is dropped (and the form told), then the search again. */
const typedAgain = [{ guard: 'hadPick', ...searchAgain, actions: ['type', 'dropped'] }, searchAgain] as const;

export const recipientPickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as RecipientPickerEvent,
    emitted: {} as RecipientPickerEmitted,
  },
  actors: {
    search: fromPromise<RecipientOption[], { kind: RecipientKind; q: string }>(({ input, signal }) =>
      searchRecipients(input.kind, input.q, RECIPIENT_MATCHES, signal),
    ),
  },
  guards: {
    isShown: ({ context, event }) =>
      event.type === 'recipient.pick' && event.index >= 0 && event.index < context.matches.length,
    hadPick: ({ context }) => context.picked !== null,
  },
  actions: {
    set: assign(({ event }) =>
      event.type === 'recipient.set'
        ? { kind: event.kind, picked: event.picked, text: event.picked?.name ?? '', matches: [], active: -1 }
        : {},
    ),
    type: assign(({ context, event }) =>
      event.type === 'recipient.type'
        ? { text: fitText(context.text, event.text, RECIPIENT_TEXT_MAX), picked: null }
        : {},
    ),
    dropped: emit({ type: 'recipient.changed' as const, id: null }),
    step: assign({
      active: ({ context, event }) => {
        const n = context.matches.length;
        if (n === 0) return -1;
        if (event.type === 'recipient.next') return (context.active + 1) % n;
        return context.active <= 0 ? n - 1 : context.active - 1;
      },
    }),
    pick: assign(({ context, event }) => {
      if (event.type !== 'recipient.pick') return {};
      const picked = context.matches[event.index]!;
      return { picked, text: picked.name, matches: [], active: -1 };
    }),
    announce: emit(({ context }) => ({ type: 'recipient.changed' as const, id: context.picked!.id })),
  },
}).createMachine({
  id: 'recipientPicker',
  context: { kind: 'supplier', text: '', matches: [], active: -1, picked: null, error: null },
  initial: 'closed',
  on: { 'recipient.set': { target: '.closed', actions: 'set' } },
  states: {
    closed: {
      on: {
        'recipient.type': [
          { guard: 'hadPick', target: 'open.typing', actions: ['type', 'dropped'] },
          { target: 'open.typing', actions: 'type' },
        ],
        'recipient.open': 'open.loading',
        'recipient.next': 'open.loading',
      },
    },
    open: {
      initial: 'loading',
      on: {
        'recipient.close': '#recipientPicker.closed',
      },
      states: {
        // Typing has already dropped any pick: typing on only restarts the pause.
        typing: {
          after: { [SEARCH_PAUSE_MS]: 'loading' },
          on: { 'recipient.type': searchAgain },
        },
        loading: {
          on: { 'recipient.type': typedAgain },
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ kind: context.kind, q: context.text.trim() }),
            onDone: {
              target: 'ready',
              // The first match is where the arrows start: Enter takes it, as a search box's first answer.
              actions: assign(({ event }) => ({
                matches: event.output,
                active: event.output.length > 0 ? 0 : -1,
                error: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorTextOf(event.error) }),
            },
          },
        },
        ready: {
          on: {
            'recipient.type': typedAgain,
            'recipient.next': { actions: 'step' },
            'recipient.previous': { actions: 'step' },
            'recipient.pick': {
              guard: 'isShown',
              target: '#recipientPicker.closed',
              actions: ['pick', 'announce'],
            },
          },
        },
        failed: { on: { 'recipient.retry': 'loading', 'recipient.type': typedAgain } },
      },
    },
  },
});

export type RecipientPickerSnapshot = SnapshotFrom<typeof recipientPickerMachine>;
