import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCommissionEvent } from '../../server/modules/commission/commands';
import { loadCommission } from '../../server/modules/commission/projection';
import { rebuildCommissionProjection } from '../../server/modules/commission/rebuild';
import { createServiceCity, sendCityEvents } from '../../server/modules/serviceCities/commands';
import { rebuildServiceCityProjection } from '../../server/modules/serviceCities/rebuild';
import { createTestDatabase, type TestDatabase } from './support/testApp';

// The seeded database (cities and commission made through commands), plus a few more changes; the rebuild from
// the event log must reproduce the live projections exactly.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const admin = { id: null, role: 'admin' } as const;

describe('rebuilding the service city and commission projections from the log', () => {
  it('reproduces the live rows', async () => {
    const a = await createServiceCity(t.db, admin, { name: 'Rebuild A', ranking: 3 });
    await sendCityEvents(
      t.db,
      admin,
      a.id,
      [{ type: 'serviceCity.rename', name: 'Rebuild AA' }, { type: 'serviceCity.close' }],
      a.version,
    );
    const b = await createServiceCity(t.db, admin, { name: 'Rebuild B' });
    await sendCityEvents(t.db, admin, b.id, [{ type: 'serviceCity.delete' }], b.version);
    let v = (await loadCommission(t.db)).version;
    v = (
      await sendCommissionEvent(
        t.db,
        admin,
        { type: 'commission.setOverride', scope: 'city', target: 'Rebuild AA', rateBp: 777 },
        v,
      )
    ).version;
    v = (await sendCommissionEvent(t.db, admin, { type: 'commission.setDefault', rateBp: 1111 }, v)).version;
    await sendCommissionEvent(
      t.db,
      admin,
      { type: 'commission.removeOverride', scope: 'city', target: 'beijing' },
      v,
    );

    const liveCities = await t.db.selectFrom('service_cities').selectAll().orderBy('id').execute();
    const liveSettings = await t.db.selectFrom('commission_settings').selectAll().execute();
    const liveOverrides = await t.db
      .selectFrom('commission_overrides')
      .selectAll()
      .orderBy('position')
      .execute();

    expect(await rebuildServiceCityProjection(t.db)).toBe(liveCities.length);
    expect(await rebuildCommissionProjection(t.db)).toBe(1);

    expect(await t.db.selectFrom('service_cities').selectAll().orderBy('id').execute()).toEqual(liveCities);
    expect(await t.db.selectFrom('commission_settings').selectAll().execute()).toEqual(liveSettings);
    expect(await t.db.selectFrom('commission_overrides').selectAll().orderBy('position').execute()).toEqual(
      liveOverrides,
    );
    expect(liveCities.find((c) => c.id === b.id)).toBeUndefined();
    expect(liveOverrides).toEqual([expect.objectContaining({ target: 'Rebuild AA', rate_bp: 777 })]);
  });
});
