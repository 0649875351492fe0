import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommission } from '../../server/modules/commission/seed';
import { seedServiceCities } from '../../server/modules/serviceCities/seed';
import { createTestDatabase, type TestDatabase } from './support/testApp';

// The full demo seed on a fresh database (one per file: PGlite costs seconds to start).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describe('service cities and commission demo seed', () => {
  it('creates every city the demo suppliers are in, through the command (with history)', async () => {
    const cities = await t.db.selectFrom('service_cities').select(['name', 'is_enabled']).execute();
    const supplierCities = await t.db.selectFrom('suppliers').select('city').distinct().execute();
    expect(supplierCities.length).toBeGreaterThan(1);
    for (const { city } of supplierCities) {
      expect(cities.find((c) => c.name === city)?.is_enabled, city).toBe(true);
    }
    const created = await t.db
      .selectFrom('events')
      .select('stream_id')
      .where('stream_type', '=', 'service_city')
      .where('type', '=', 'ServiceCityCreated')
      .execute();
    expect(created).toHaveLength(cities.length);
  });

  it('is idempotent, and does not bring back a city someone deleted', async () => {
    const before = await t.db.selectFrom('service_cities').select('id').execute();
    const xiamen = await t.db
      .selectFrom('service_cities')
      .select('id')
      .where('name', '=', 'Xiamen')
      .executeTakeFirst();
    await t.db.deleteFrom('service_cities').where('id', '=', xiamen!.id).execute(); // as a delete's projection does
    await seedServiceCities(t.db);
    await seedCommission(t.db);
    expect(await t.db.selectFrom('service_cities').select('id').execute()).toHaveLength(before.length - 1);
    const commissionEvents = await t.db
      .selectFrom('events')
      .select('type')
      .where('stream_type', '=', 'commission')
      .execute();
    expect(commissionEvents.map((e) => e.type)).toEqual([
      'CommissionDefaultRateChanged',
      'CommissionOverrideSet',
    ]);
  });
});
