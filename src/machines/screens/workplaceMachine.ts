import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { FIGURES, WORK_ITEMS, type WorkplaceDto } from '@/contract/workplace';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { getWorkplace, type WorkplaceStarts } from '@/services/workplace';

/**
 * The workplace (/dashboard/workplace): loads the member's work, today's figures and the latest staff events, and
 * loads them again every minute and when asked, keeping what it shows while it does.
 *
 * Invariants:
 * - days are the member's own: today, yesterday and the same weekday last week start at local midnight (a day of
 *   a daylight-saving change is 23 or 25 hours), computed when each load starts;
 * - a failed first load shows the error with a retry; a failed refresh keeps the figures shown and says they are
 *   not fresh, and the next refresh tries again;
 * - one load at a time (a refresh asked for during a load is the load).
 */

export const WORKPLACE_REFRESH_MS = 60_000;

/** The starts of today, yesterday and the same weekday last week where the browser is (local midnight). */
export function dayStarts(now: Date): WorkplaceStarts {
  const day = (back: number) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - back).toISOString();
  return { today: day(0), yesterday: day(1), last_week: day(7) };
}

/** How a figure compares: the change in percent, rounded; null when there was nothing to compare with. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

export interface WorkplaceContext {
  data: WorkplaceDto | null;
  /** The last load's failure (the figures shown, if any, are from the load before). */
  error: ErrorText | null;
}

export type WorkplaceEvent = { type: 'workplace.refresh' } | { type: 'workplace.retry' };

export const workplaceMachine = setup({
  types: {
    context: {} as WorkplaceContext,
    events: {} as WorkplaceEvent,
  },
  actors: {
    fetchWorkplace: fromPromise<WorkplaceDto>(() => getWorkplace(dayStarts(new Date()))),
  },
  delays: { refreshInterval: WORKPLACE_REFRESH_MS },
  actions: {
    store: assign({
      data: ({ event }) => (event as unknown as { output: WorkplaceDto }).output,
      error: null,
    }),
    storeError: assign({ error: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'workplace',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    /** The first load: nothing to show yet. */
    loading: {
      invoke: {
        id: 'fetchWorkplace',
        src: 'fetchWorkplace',
        onDone: { target: 'ready', actions: 'store' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    failed: {
      on: { 'workplace.retry': 'loading' },
    },
    ready: {
      after: { refreshInterval: 'refreshing' },
      on: { 'workplace.refresh': 'refreshing' },
    },
    /** Loading again with the last figures still shown. */
    refreshing: {
      invoke: {
        id: 'fetchWorkplace',
        src: 'fetchWorkplace',
        onDone: { target: 'ready', actions: 'store' },
        onError: { target: 'ready', actions: 'storeError' },
      },
    },
  },
});

export type WorkplaceSnapshot = SnapshotFrom<typeof workplaceMachine>;

/** The work waiting as the page shows it: each count with the list it opens. */
export function selectWork(s: WorkplaceSnapshot) {
  const counts = new Map((s.context.data?.work ?? []).map((w) => [w.key, w]));
  return WORK_ITEMS.filter((item) => counts.has(item.key)).map((item) => ({
    key: item.key,
    count: counts.get(item.key)!.count,
    /** Of the count, those the member cannot do themselves (four-eyes): they did the step before. */
    yours: counts.get(item.key)!.yours ?? 0,
    href: `${item.route}?${new URLSearchParams(item.query)}`,
  }));
}

/** Each figure of today with its change against yesterday and the same weekday last week. */
export function selectFigures(s: WorkplaceSnapshot) {
  const f = s.context.data?.figures;
  if (!f) return null;
  return FIGURES.map((key) => ({
    key,
    today: f.today[key],
    yesterday: f.yesterday[key],
    lastWeek: f.last_week[key],
    vsYesterday: changeOf(f.today[key], f.yesterday[key]),
    vsLastWeek: changeOf(f.today[key], f.last_week[key]),
  }));
}
