import { assign, fromPromise, setup } from 'xstate';
import {
  MAX_RANGE_DAYS,
  daysIn,
  dimensionsAllowed,
  type AnalysisQuery,
  type Dimension,
  type FigureRow,
  type Measure,
  type SupplierRank,
} from '@/contract/analysis';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { getFigures, getTopSuppliers } from '@/services/analysis';

/**
 * The analysis pages (/visualization/data-analysis, /visualization/multi-dimension-data-analysis): what the member
 * asks to see (a range of days, a period, the pivot's rows, columns and measure) and the figures loaded for it.
 * Each page gives its own `load` (the overview's four queries, the pivot's one).
 *
 * Invariants:
 * - figures are only asked for a range that runs forward and spans at most MAX_RANGE_DAYS days; another range
 *   is `invalid` and loads nothing until mended;
 * - the figures shown are those of the settings last loaded: a change of range, period or dimensions loads again
 *   (the previous figures stay shown meanwhile), the latest change wins; a change of measure only redraws;
 * - the pivot's columns are never its rows.
 */

export type Unit = 'day' | 'week' | 'month';

export interface AnalysisSettings {
  /** First and last day (YYYY-MM-DD) where the member is. */
  from: string;
  to: string;
  /** The overview's period. */
  unit: Unit;
  /** The pivot's rows and columns (none: one column of totals) and what it sums. */
  rows: Dimension;
  columns: Dimension | null;
  measure: Measure;
}

export interface AnalysisData {
  /** The settings these figures are for. */
  settings: AnalysisSettings;
  trend?: FigureRow[];
  cities?: FigureRow[];
  projects?: FigureRow[];
  suppliers?: SupplierRank[];
  pivot?: FigureRow[];
}

export interface AnalysisContext {
  settings: AnalysisSettings;
  data: AnalysisData | null;
  error: ErrorText | null;
}

export type AnalysisEvent =
  { type: 'analysis.set'; settings: Partial<AnalysisSettings> } | { type: 'analysis.refresh' };

/** The member's time zone, where the server begins days, weeks and months. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const queryOf = (s: AnalysisSettings): AnalysisQuery => ({ from: s.from, to: s.to, tz: localZone() });

/** A day `back` days before `today` (YYYY-MM-DD, local). */
export function dayBefore(today: Date, back: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The last `days` days up to today, where the member is. */
export const lastDays = (days: number, today = new Date()) => ({
  from: dayBefore(today, days - 1),
  to: dayBefore(today, 0),
});

export const defaultSettings = (today = new Date()): AnalysisSettings => ({
  ...lastDays(30, today),
  unit: 'day',
  rows: 'city',
  columns: 'project',
  measure: 'paid_fen',
});

/** The settings after a change, the pivot's columns dropped when they would repeat its rows. */
function merged(settings: AnalysisSettings, change: Partial<AnalysisSettings>): AnalysisSettings {
  const next = { ...settings, ...change };
  if (next.columns && !dimensionsAllowed([next.rows, next.columns])) next.columns = null;
  return next;
}

const rangeValid = (s: AnalysisSettings) => {
  const days = daysIn(s.from, s.to);
  return days >= 1 && days <= MAX_RANGE_DAYS;
};

/** Whether a change asks for other figures than those loaded (a measure alone does not). */
const asksForOthers = (before: AnalysisSettings, after: AnalysisSettings) =>
  (['from', 'to', 'unit', 'rows', 'columns'] as const).some((k) => before[k] !== after[k]);

export const analysisMachine = setup({
  types: {
    context: {} as AnalysisContext,
    events: {} as AnalysisEvent,
  },
  actors: {
    load: fromPromise<AnalysisData, AnalysisSettings>(() => Promise.reject(new Error('No figures to load.'))),
  },
  guards: {
    /** The change asks for other figures, over a range that can be asked for. */
    asksForFigures: ({ context, event }) => {
      if (event.type !== 'analysis.set') return false;
      const next = merged(context.settings, event.settings);
      return asksForOthers(context.settings, next) && rangeValid(next);
    },
    /** The change leaves a range that cannot be asked for. */
    leavesInvalidRange: ({ context, event }) =>
      event.type === 'analysis.set' && !rangeValid(merged(context.settings, event.settings)),
  },
  actions: {
    applyChange: assign({
      settings: ({ context, event }) =>
        event.type === 'analysis.set' ? merged(context.settings, event.settings) : context.settings,
    }),
    store: assign({
      data: ({ event }) => (event as unknown as { output: AnalysisData }).output,
      error: null,
    }),
    storeError: assign({ error: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'analysis',
  context: () => ({ settings: defaultSettings(), data: null, error: null }),
  initial: 'loading',
  on: {
    'analysis.set': [
      { guard: 'asksForFigures', target: '.loading', actions: 'applyChange' },
      { guard: 'leavesInvalidRange', target: '.invalid', actions: 'applyChange' },
      { actions: 'applyChange' },
    ],
  },
  states: {
    /** The range runs backwards or is too long: nothing is asked until it is mended. */
    invalid: {},
    /** Asking for the settings' figures; the previous ones stay shown. */
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.settings,
        onDone: { target: 'ready', actions: 'store' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    ready: {
      on: { 'analysis.refresh': 'loading' },
    },
    failed: {
      on: { 'analysis.refresh': 'loading' },
    },
  },
});

/** The data analysis page's figures: the trend by its period, by city, by project, and the top suppliers. */
export const overviewLoad = fromPromise<AnalysisData, AnalysisSettings>(async ({ input: settings }) => {
  const query = queryOf(settings);
  const [trend, cities, projects, suppliers] = await Promise.all([
    getFigures(query, [settings.unit]),
    getFigures(query, ['city']),
    getFigures(query, ['project']),
    getTopSuppliers(query),
  ]);
  return { settings, trend, cities, projects, suppliers };
});

/** The multi-dimension page's figures: grouped by its rows and columns. */
export const pivotLoad = fromPromise<AnalysisData, AnalysisSettings>(async ({ input: settings }) => ({
  settings,
  pivot: await getFigures(
    queryOf(settings),
    settings.columns ? [settings.rows, settings.columns] : [settings.rows],
  ),
}));
