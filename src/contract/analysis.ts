/**
 * Data analysis (/visualization/data-analysis) and multi-dimension analysis
 * (/visualization/multi-dimension-data-analysis): what both sides know of them. Both read the hourly figures
 * (`order_figures`: placed orders, money paid, commission settled, money refunded, by hour, city and project)
 * summed over a range of days where the member is, grouped by up to two dimensions; and the suppliers who
 * served the most in that range.
 */

/** Ways to group the figures: a period of time (at most one), the order's service city, its project. */
export const DIMENSIONS = ['day', 'week', 'month', 'city', 'project'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const TIME_DIMENSIONS: readonly Dimension[] = ['day', 'week', 'month'];

/** What is summed; money in fen. */
export const MEASURES = ['orders', 'paid_fen', 'commission_fen', 'refunded_fen'] as const;
export type Measure = (typeof MEASURES)[number];

/** The longest range asked for at once, in days (two years of days, by day). */
export const MAX_RANGE_DAYS = 731;

/** How many suppliers the ranking shows. */
export const TOP_SUPPLIERS = 10;

export interface AnalysisQuery {
  /** First and last day of the range (YYYY-MM-DD), both included, in the time zone `tz`. */
  from: string;
  to: string;
  /** An IANA time zone (`Asia/Shanghai`): where days, weeks (from Monday) and months begin. */
  tz: string;
}

export interface FiguresQuery extends AnalysisQuery {
  /** One or two dimensions, at most one of them a period of time. */
  by: Dimension[];
}

/** One group's sums. `period` is the first day of its day, week or month (YYYY-MM-DD). */
export interface FigureRow {
  period?: string;
  city?: string;
  project_id?: number;
  project_name?: string;
  orders: number;
  paid_fen: number;
  commission_fen: number;
  refunded_fen: number;
}

export interface SupplierRank {
  supplier_id: number;
  supplier_name: string;
  /** Orders placed in the range that are the supplier's now. */
  orders: number;
  /** What was paid for them, less what was refunded. */
  paid_fen: number;
  commission_fen: number;
}

/** Whether figures may be grouped so: one or two dimensions, each once, at most one of them a period of time. */
export function dimensionsAllowed(by: readonly string[]): boolean {
  return (
    by.length >= 1 &&
    by.length <= 2 &&
    new Set(by).size === by.length &&
    by.every((d) => (DIMENSIONS as readonly string[]).includes(d)) &&
    by.filter((d) => TIME_DIMENSIONS.includes(d as Dimension)).length <= 1
  );
}

/** The dimensions figures grouped by `first` may also be grouped by. */
export const pairsWith = (first: Dimension): Dimension[] =>
  DIMENSIONS.filter((d) => dimensionsAllowed([first, d]));

/** The number of days from `from` to `to`, both included (YYYY-MM-DD); 0 or less when `to` is before `from`. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Adds `n` days to a day (YYYY-MM-DD). */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of the day, week (from Monday) or month that `day` falls in (YYYY-MM-DD). */
export function periodOf(day: string, unit: 'day' | 'week' | 'month'): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** Every period a range of days touches, in order: the chart's axis, a period with no figures included. */
export function periodsIn(from: string, to: string, unit: 'day' | 'week' | 'month'): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = periodOf(day, unit);
    if (out[out.length - 1] !== period) out.push(period);
  }
  return out;
}
