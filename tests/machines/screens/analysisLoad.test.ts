import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { FigureRow, SupplierRank } from '@/contract/analysis';
import { defaultSettings, overviewLoad, pivotLoad, queryOf } from '@/machines/screens/analysisMachine';

// What each analysis page asks the server for (the service calls stand in for it here; the API and browser tests
// run the real ones).
vi.mock('@/services/analysis', () => ({
  getFigures: vi.fn(
    async (_query: unknown, by: string[]) => [{ by: by.join(','), orders: 1 }] as unknown as FigureRow[],
  ),
  getTopSuppliers: vi.fn(async () => [{ supplier_id: 7 }] as unknown as SupplierRank[]),
}));
const service = await import('@/services/analysis');

const settings = { ...defaultSettings(new Date(2026, 10, 26)), unit: 'week' as const };

describe('the loads', () => {
  it("ask in the member's time zone, for the range's days", () => {
    expect(queryOf(settings)).toEqual({
      from: settings.from,
      to: settings.to,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('of the overview are the trend by its period, by city, by project and the top suppliers', async () => {
    vi.mocked(service.getFigures).mockClear();
    const data = await toPromise(createActor(overviewLoad, { input: settings }).start());
    const query = queryOf(settings);
    expect(vi.mocked(service.getFigures).mock.calls).toEqual([
      [query, ['week']],
      [query, ['city']],
      [query, ['project']],
    ]);
    expect(service.getTopSuppliers).toHaveBeenCalledWith(query);
    expect(data).toEqual({
      settings,
      trend: [{ by: 'week', orders: 1 }],
      cities: [{ by: 'city', orders: 1 }],
      projects: [{ by: 'project', orders: 1 }],
      suppliers: [{ supplier_id: 7 }],
    });
  });

  it('of the pivot are its rows and columns, or its rows alone', async () => {
    vi.mocked(service.getFigures).mockClear();
    const both = await toPromise(
      createActor(pivotLoad, { input: { ...settings, rows: 'month', columns: 'city' } }).start(),
    );
    expect(both.pivot).toEqual([{ by: 'month,city', orders: 1 }]);
    const alone = await toPromise(
      createActor(pivotLoad, { input: { ...settings, rows: 'project', columns: null } }).start(),
    );
    expect(alone).toEqual({
      settings: { ...settings, rows: 'project', columns: null },
      pivot: [{ by: 'project', orders: 1 }],
    });
    expect(vi.mocked(service.getFigures).mock.calls.map((c) => c[1])).toEqual([
      ['month', 'city'],
      ['project'],
    ]);
  });
});
