import {
  TIME_DIMENSIONS,
  periodsIn,
  type Dimension,
  type FigureRow,
  type Measure,
} from '@/contract/analysis';
import { csvLine } from '@/contract/csv';
import type { AnalysisData, AnalysisSettings } from './analysisMachine';

/**
 * The analysis figures as the pages show them: the overview's trend with every period of the range (one with no
 * figures is zero), the range's totals, and the pivot (rows × columns of one measure, with totals) and its CSV.
 */

type Sums = Pick<FigureRow, 'orders' | 'paid_fen' | 'commission_fen' | 'refunded_fen'>;
const ZERO: Sums = { orders: 0, paid_fen: 0, commission_fen: 0, refunded_fen: 0 };

export function totalsOf(rows: readonly FigureRow[]): Sums {
  return rows.reduce(
    (t, r) => ({
      orders: t.orders + r.orders,
      paid_fen: t.paid_fen + r.paid_fen,
      commission_fen: t.commission_fen + r.commission_fen,
      refunded_fen: t.refunded_fen + r.refunded_fen,
    }),
    ZERO,
  );
}

const isPeriod = (d: Dimension): d is 'day' | 'week' | 'month' => TIME_DIMENSIONS.includes(d);

/** Each period of the loaded range, in order, with its sums (zero when it had none). */
export function trendOf(data: AnalysisData): Array<Sums & { period: string }> {
  const { from, to, unit } = data.settings;
  const byPeriod = new Map((data.trend ?? []).map((r) => [r.period, r]));
  return periodsIn(from, to, unit).map((period) => ({ period, ...ZERO, ...byPeriod.get(period) }));
}

/** How a row names its value of a dimension: a key to group by and the words to show. */
function valueOf(row: FigureRow, d: Dimension): { key: string; label: string } {
  if (d === 'city') return { key: row.city ?? '', label: row.city ?? '' };
  if (d === 'project') return { key: String(row.project_id), label: row.project_name ?? '' };
  return { key: row.period ?? '', label: row.period ?? '' };
}

export interface PivotLine {
  key: string;
  label: string;
  total: number;
}

export interface Pivot {
  rows: PivotLine[];
  /** Empty when the pivot has no columns: its only column is the total. */
  columns: PivotLine[];
  cell: (row: string, column: string) => number;
  total: number;
}

/** The values of a dimension in the figures: periods in order (all of the range), others by total, largest first. */
function linesOf(
  figures: readonly FigureRow[],
  d: Dimension,
  measure: Measure,
  settings: AnalysisSettings,
): PivotLine[] {
  const lines = new Map<string, PivotLine>();
  if (isPeriod(d))
    for (const p of periodsIn(settings.from, settings.to, d)) lines.set(p, { key: p, label: p, total: 0 });
  for (const r of figures) {
    const { key, label } = valueOf(r, d);
    const line = lines.get(key) ?? { key, label, total: 0 };
    line.total += r[measure];
    lines.set(key, line);
  }
  const all = [...lines.values()];
  return isPeriod(d) ? all : all.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

export function pivotOf(data: AnalysisData, measure: Measure): Pivot {
  const figures = data.pivot ?? [];
  const { rows, columns } = data.settings;
  const cells = new Map<string, number>();
  for (const r of figures) {
    const key = `${valueOf(r, rows).key}\u0000${columns ? valueOf(r, columns).key : ''}`;
    cells.set(key, (cells.get(key) ?? 0) + r[measure]);
  }
  return {
    rows: linesOf(figures, rows, measure, data.settings),
    columns: columns ? linesOf(figures, columns, measure, data.settings) : [],
    cell: (row, column) => cells.get(`${row}\u0000${column}`) ?? 0,
    total: figures.reduce((t, r) => t + r[measure], 0),
  };
}

/**
 * The pivot as CSV: a heading line (the rows' dimension, each column, the total), a line per row, a line of totals.
 * `format` writes a measure's value (money as yuan, 2 decimals).
 */
export function pivotCsv(
  pivot: Pivot,
  words: { rows: string; total: string },
  format: (value: number) => string,
): string {
  const columns = pivot.columns;
  const lines = [csvLine([words.rows, ...columns.map((c) => c.label), words.total])];
  for (const row of pivot.rows) {
    lines.push(
      csvLine([row.label, ...columns.map((c) => format(pivot.cell(row.key, c.key))), format(row.total)]),
    );
  }
  lines.push(csvLine([words.total, ...columns.map((c) => format(c.total)), format(pivot.total)]));
  return lines.join('');
}
