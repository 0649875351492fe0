import { describe, expect, it } from 'vitest';
import type { FigureRow } from '@/contract/analysis';
import { pivotCsv, pivotOf, totalsOf, trendOf } from '@/machines/screens/analysisFigures';
import {
  defaultSettings,
  type AnalysisData,
  type AnalysisSettings,
} from '@/machines/screens/analysisMachine';

const sums = (orders: number, paid = 0, commission = 0, refunded = 0) => ({
  orders,
  paid_fen: paid,
  commission_fen: commission,
  refunded_fen: refunded,
});
const settings = (change: Partial<AnalysisSettings>): AnalysisSettings => ({
  ...defaultSettings(new Date(2026, 10, 26)),
  from: '2026-11-01',
  to: '2026-11-04',
  ...change,
});

describe('the overview', () => {
  it("totals the range's figures", () => {
    expect(
      totalsOf([
        { city: 'A', ...sums(2, 100, 10, 5) },
        { city: 'B', ...sums(3, 50, 1, 0) },
      ]),
    ).toEqual(sums(5, 150, 11, 5));
    expect(totalsOf([])).toEqual(sums(0));
  });

  it('draws every period of the range, one with no figures as zero', () => {
    const data: AnalysisData = {
      settings: settings({ unit: 'day' }),
      trend: [
        { period: '2026-11-02', ...sums(2, 100) },
        { period: '2026-11-04', ...sums(1, 30, 3, 9) },
      ],
    };
    expect(trendOf(data)).toEqual([
      { period: '2026-11-01', ...sums(0) },
      { period: '2026-11-02', ...sums(2, 100) },
      { period: '2026-11-03', ...sums(0) },
      { period: '2026-11-04', ...sums(1, 30, 3, 9) },
    ]);
  });
});

const FIGURES: FigureRow[] = [
  { city: 'Beijing', project_id: 1, project_name: 'Cleaning', ...sums(2, 300) },
  { city: 'Beijing', project_id: 2, project_name: 'Moving', ...sums(1, 900) },
  { city: 'Shanghai', project_id: 1, project_name: 'Cleaning', ...sums(5, 100) },
];

describe('the pivot', () => {
  it('has a cell per row and column, rows and columns by their totals, largest first', () => {
    const pivot = pivotOf(
      { settings: settings({ rows: 'city', columns: 'project' }), pivot: FIGURES },
      'paid_fen',
    );
    expect(pivot.rows).toEqual([
      { key: 'Beijing', label: 'Beijing', total: 1200 },
      { key: 'Shanghai', label: 'Shanghai', total: 100 },
    ]);
    expect(pivot.columns).toEqual([
      { key: '2', label: 'Moving', total: 900 },
      { key: '1', label: 'Cleaning', total: 400 },
    ]);
    expect(pivot.cell('Beijing', '2')).toBe(900);
    expect(pivot.cell('Shanghai', '2')).toBe(0);
    expect(pivot.total).toBe(1300);
    // Another measure: the same figures, other order.
    const byOrders = pivotOf(
      { settings: settings({ rows: 'city', columns: 'project' }), pivot: FIGURES },
      'orders',
    );
    expect(byOrders.rows.map((r) => r.key)).toEqual(['Shanghai', 'Beijing']);
    expect(byOrders.total).toBe(8);
  });

  it('has every period of the range as rows, in order, and no columns but the total when it has none', () => {
    const pivot = pivotOf(
      {
        settings: settings({ rows: 'day', columns: null }),
        pivot: [
          { period: '2026-11-03', ...sums(4) },
          { period: '2026-11-01', ...sums(1) },
        ],
      },
      'orders',
    );
    expect(pivot.rows.map((r) => [r.key, r.total])).toEqual([
      ['2026-11-01', 1],
      ['2026-11-02', 0],
      ['2026-11-03', 4],
      ['2026-11-04', 0],
    ]);
    expect(pivot.columns).toEqual([]);
    expect(pivot.cell('2026-11-03', '')).toBe(4);
    expect(pivot.total).toBe(5);
  });

  it('downloads as CSV: a heading, a line per row, the totals; names that look like formulas are defused', () => {
    const figures: FigureRow[] = [
      ...FIGURES,
      { city: '=cmd', project_id: 3, project_name: 'Moving, big', ...sums(1, 5) },
    ];
    const pivot = pivotOf(
      { settings: settings({ rows: 'city', columns: 'project' }), pivot: figures },
      'paid_fen',
    );
    const csv = pivotCsv(pivot, { rows: 'City', total: 'Total' }, (fen) => (fen / 100).toFixed(2));
    expect(csv).toBe(
      [
        'City,Moving,Cleaning,"Moving, big",Total',
        'Beijing,9.00,3.00,0.00,12.00',
        'Shanghai,0.00,1.00,0.00,1.00',
        "'=cmd,0.00,0.00,0.05,0.05",
        'Total,9.00,4.00,0.05,13.05',
        '',
      ].join('\r\n'),
    );
  });
});
