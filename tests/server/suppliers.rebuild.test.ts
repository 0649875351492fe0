import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors';
import { createSupplier, sendSupplierEvent } from '../../server/modules/suppliers/commands';
import { snapshotFromRow } from '../../server/modules/suppliers/projection';
import { rebuildSupplierProjection } from '../../server/modules/suppliers/rebuild';
import { supplierEvents, validProfile, idCardFor } from '../machines/lifecycles/supplierFixtures';
import { openSupplierTestDb, prng } from './suppliersSupport';

const SEQUENCES = 300;
const staff = { id: null, role: 'user' };
const admin = { id: null, role: 'admin' };

describe('suppliers projection rebuild', () => {
  let handle: Awaited<ReturnType<typeof openSupplierTestDb>>;
  beforeAll(async () => {
    handle = await openSupplierTestDb();
  });
  afterAll(async () => handle?.dispose());

  it(`reproduces the live projection exactly after ${SEQUENCES} random event sequences`, async () => {
    const db = handle.db;
    const random = prng(20261121);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < SEQUENCES; i++) {
      const birthday = `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`;
      const created = await createSupplier(db, staff, {
        ...validProfile({ birthday, id_card_no: idCardFor(birthday, String(100 + (i % 900))) }),
        ranking: i % 50,
      });
      let row = created;
      const length = Math.floor(random() * 14);
      for (let step = 0; step < length; step++) {
        const candidates = supplierEvents(snapshotFromRow(row));
        const event = candidates[Math.floor(random() * candidates.length)];
        try {
          row = (await sendSupplierEvent(db, random() < 0.5 ? admin : staff, row.id, event, row.version))
            .supplier;
          accepted++;
        } catch (error) {
          if (!(error instanceof AppError) || (error.statusCode !== 409 && error.statusCode !== 403))
            throw error;
          refused++;
        }
      }
    }
    // Both kinds of outcome happened, so the sequences really exercised the decider.
    expect(accepted).toBeGreaterThan(SEQUENCES);
    expect(refused).toBeGreaterThan(10);

    const live = await db.selectFrom('suppliers').selectAll().orderBy('id').execute();
    const count = await rebuildSupplierProjection(db);
    const rebuilt = await db.selectFrom('suppliers').selectAll().orderBy('id').execute();
    expect(count).toBe(SEQUENCES);
    expect(rebuilt).toEqual(live);
    // and the rows are not trivially all alike
    expect(
      new Set(live.map((r) => `${r.audit_state}/${r.state}/${r.is_enabled}/${r.is_display}`)).size,
    ).toBeGreaterThan(8);
  });

  it('refuses to rebuild a stream that does not start with its registration', async () => {
    const db = handle.db;
    await db
      .insertInto('events')
      .values({
        stream_type: 'supplier',
        stream_id: '999999',
        version: 1,
        type: 'SupplierApproved',
        data: '{}',
      })
      .execute();
    await expect(rebuildSupplierProjection(db)).rejects.toThrow(/does not start with SupplierRegistered/);
    // the failed rebuild rolled back: the projection is still there
    expect((await db.selectFrom('suppliers').select('id').execute()).length).toBe(SEQUENCES);
    await db.deleteFrom('events').where('stream_id', '=', '999999').execute();
  });
});
