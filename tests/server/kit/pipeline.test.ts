import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import { readStream, type Actor } from '../../../server/events/store';
import type { AnyEntity, Reaction } from '../../../server/kit/entity';
import {
  MEANWHILE_SHOWN,
  assertPolicy,
  inTransaction,
  problemsError,
  runCommand,
  runCreate,
} from '../../../server/kit/pipeline';
import { commissionEntity } from '../../../server/modules/commission/module';
import { serviceCityEntity } from '../../../server/modules/serviceCities/module';
import { supplierEntity } from '../../../server/modules/suppliers/module';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

// The shared command pipeline, step by step, on a real entity (service cities) and a real database: policy, load
// and lock, the expected version, feeds, guards, decide, append, evolve, validation, save, reactions, the
// transaction that holds them together and Idempotency-Key replays. The entity's own declarations are swapped for
// recording ones where a step's order or input is what is checked.

let t: TestDatabase;
const admin: Actor = { id: 1, role: 'admin' };
const staff: Actor = { id: 2, role: 'user' };
const apps: Actor = { id: 3, role: 'system' };

beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(async () => t?.close());

let serial = 0;
const freshName = () => `Pipeline city ${(serial += 1)}`;

/** The error `work` fails with (the test fails if it succeeds). */
async function failure(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

async function createCity(entity: AnyEntity = serviceCityEntity, actor = admin) {
  const name = freshName();
  const result = await runCreate({ db: t.db, actor }, entity, { name, ranking: 3 });
  return { id: (result.record as { id: number }).id, name, result };
}

/** A guard's check that refines the command it gets (an entity's guards are typed for its own commands). */
const refine =
  (change: (command: Record<string, unknown>) => Record<string, unknown>) =>
  async ({ command }: { command: unknown }) =>
    change(command as Record<string, unknown>) as never;

const stream = (id: number) => readStream(t.db, 'service_city', String(id));
const row = (id: number) =>
  t.db.selectFrom('service_cities').selectAll().where('id', '=', id).executeTakeFirst();

describe('policy', () => {
  it('lets the roles the table lists through and refuses the others with the reason', async () => {
    expect(() => assertPolicy(serviceCityEntity, admin, 'serviceCity.rank')).not.toThrow();
    const error = await failure(async () => assertPolicy(serviceCityEntity, staff, 'serviceCity.rank'));
    expect(error.statusCode).toBe(403);
    expect(error.data).toEqual({ reason_key: 'policy.adminOnly' });
    expect(error.message).toBe(
      "Only administrators may change this city's ranking; you are signed in as a user.",
    );
  });

  it('names what only the apps may do, what nobody may do, and a guest', async () => {
    const appsOnly = await failure(async () => assertPolicy(supplierEntity, admin, 'supplier.startService'));
    expect(appsOnly.data).toEqual({ reason_key: 'policy.never' });
    expect(appsOnly.message).toMatch(/^Nobody may .+; you are signed in as an admin\.$/);
    const guest = await failure(async () =>
      assertPolicy(serviceCityEntity, { id: null, role: null } as unknown as Actor, 'serviceCity.create'),
    );
    expect(guest.message).toBe(
      'Only administrators may add service city records; you are signed in as a guest.',
    );
    const order = {
      ...serviceCityEntity,
      label: 'Order',
      lifecycle: { ...serviceCityEntity.lifecycle, actionLabels: {} },
    };
    const pay = await failure(async () => assertPolicy(order as AnyEntity, staff, 'order.pay'));
    expect(pay.data).toEqual({ reason_key: 'policy.appsOnly' });
    expect(pay.message).toBe(
      'Only the marketplace apps may change order records (customers and suppliers act there, not in the console); you are signed in as a user.',
    );
    expect(() => assertPolicy(order as AnyEntity, apps, 'order.pay')).not.toThrow();
  });

  it('is checked before anything is read or written, unless the caller already did', async () => {
    const before = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const create = await failure(() =>
      runCreate({ db: t.db, actor: staff }, serviceCityEntity, { name: freshName() }),
    );
    expect(create.statusCode).toBe(403);
    const { id } = await createCity();
    const command = await failure(() =>
      runCommand(
        { db: t.db, actor: staff },
        serviceCityEntity,
        id,
        { type: 'serviceCity.rank', ranking: 4 },
        1,
      ),
    );
    expect(command.statusCode).toBe(403);
    const after = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    const skipped = await runCommand(
      { db: t.db, actor: staff },
      serviceCityEntity,
      id,
      { type: 'serviceCity.rank', ranking: 4 },
      1,
      { skipPolicy: true },
    );
    expect(skipped.version).toBe(2);
    const created = await runCreate(
      { db: t.db, actor: staff },
      serviceCityEntity,
      { name: freshName() },
      { skipPolicy: true },
    );
    expect(created.version).toBe(1);
  });
});

describe('transactions', () => {
  it('runs a transaction again when it lost a race, at most three times in all', async () => {
    for (const code of ['40P01', '40001', '23505']) {
      let attempts = 0;
      const result = await inTransaction(t.db, async () => {
        attempts += 1;
        if (attempts < 3) throw Object.assign(new Error('lost'), { code });
        return 'done';
      });
      expect([result, attempts]).toEqual(['done', 3]);
    }
    let attempts = 0;
    await expect(
      inTransaction(t.db, async () => {
        attempts += 1;
        throw Object.assign(new Error('lost again'), { code: '40001' });
      }),
    ).rejects.toThrow('lost again');
    expect(attempts).toBe(3);
  });

  it('does not run again what failed for another reason, nor inside a caller’s transaction', async () => {
    let attempts = 0;
    await expect(
      inTransaction(t.db, async () => {
        attempts += 1;
        throw Object.assign(new Error('bad'), { code: '23502' });
      }),
    ).rejects.toThrow('bad');
    expect(attempts).toBe(1);
    attempts = 0;
    await expect(
      t.db.transaction().execute((trx) =>
        inTransaction(trx, async (inner) => {
          expect(inner).toBe(trx);
          attempts += 1;
          throw Object.assign(new Error('race'), { code: '40001' });
        }),
      ),
    ).rejects.toThrow('race');
    expect(attempts).toBe(1);
  });

  it('lists every problem and names the first', () => {
    const error = problemsError([
      { field: 'name', key: 'k.name', message: 'is required' },
      { field: 'ranking', key: 'k.ranking', message: 'is too high' },
    ]);
    expect([error.statusCode, error.message, error.field]).toEqual([
      400,
      'Invalid name: is required.',
      'name',
    ]);
    expect(error.data).toMatchObject({
      reason_key: 'k.name',
      errors: [
        { field: 'name', key: 'k.name', message: 'is required' },
        { field: 'ranking', key: 'k.ranking', message: 'is too high' },
      ],
    });
  });
});

describe('create', () => {
  it('stores the creation fact at version 1, saves the row and answers with the record', async () => {
    const { id, name, result } = await createCity();
    expect(result.version).toBe(1);
    expect(result.events).toEqual([{ type: 'ServiceCityCreated', version: 1 }]);
    expect(result.record).toMatchObject({ id, name, ranking: 3, is_enabled: true });
    const events = await stream(id);
    expect(events.map((e) => [e.type, e.version, e.actor.id, e.data])).toEqual([
      ['ServiceCityCreated', 1, admin.id, { name, ranking: 3, is_enabled: true }],
    ]);
    expect(await row(id)).toMatchObject({
      name,
      ranking: 3,
      is_enabled: true,
      version: 1,
      created_by: admin.id,
    });
  });

  it('stores the command as the guards refined it, and refuses what they refuse', async () => {
    const refining: AnyEntity = {
      ...serviceCityEntity,
      guards: {
        create: [
          {
            name: 'upper',
            check: refine((c) => ({ ...c, name: String(c.name).toUpperCase() })),
          },
          {
            name: 'seesRefined',
            check: refine((c) => ({ ...c, ranking: String(c.name).length })),
          },
        ],
      },
    };
    const name = freshName();
    const made = await runCreate({ db: t.db, actor: admin }, refining, { name });
    expect(made.record).toMatchObject({ name: name.toUpperCase(), ranking: name.length });
    const taken = await failure(() =>
      runCreate({ db: t.db, actor: admin }, serviceCityEntity, { name: name.toUpperCase() }),
    );
    expect([taken.statusCode, (taken.data as { reason_key: string }).reason_key]).toEqual([
      409,
      'system.city.reason.nameTaken',
    ]);
  });

  it('refuses a state its validation finds wrong and keeps nothing', async () => {
    const strict: AnyEntity = {
      ...serviceCityEntity,
      validate: (s: { context: { ranking: number } }, today: string) =>
        s.context.ranking > 5 ? [{ field: 'ranking', key: 'k.high', message: `too high on ${today}` }] : [],
    };
    const name = freshName();
    const error = await failure(() =>
      runCreate({ db: t.db, actor: admin, today: '2026-01-02' }, strict, { name, ranking: 6 }),
    );
    expect([error.statusCode, error.message]).toEqual([400, 'Invalid ranking: too high on 2026-01-02.']);
    expect(
      await t.db.selectFrom('service_cities').select('id').where('name', '=', name).executeTakeFirst(),
    ).toBeUndefined();
    const fine = await runCreate({ db: t.db, actor: admin }, strict, { name, ranking: 5 });
    expect(fine.version).toBe(1);
  });

  it('runs the reactions with the stored version, and a failing reaction undoes the create', async () => {
    const seen: Array<[string, string, string, number]> = [];
    const record: Reaction = async ({ fact, streamType, streamId, version }) => {
      seen.push([fact.type, streamType, streamId, version]);
    };
    const { id } = await runCreate(
      { db: t.db, actor: admin, reactions: { ServiceCityCreated: [record] } },
      serviceCityEntity,
      {
        name: freshName(),
      },
    ).then((r) => ({ id: (r.record as { id: number }).id }));
    expect(seen).toEqual([['ServiceCityCreated', 'service_city', String(id), 1]]);
    const name = freshName();
    const boom: Reaction = async () => {
      throw new Error('reaction failed');
    };
    await expect(
      runCreate({ db: t.db, actor: admin, reactions: { ServiceCityCreated: [boom] } }, serviceCityEntity, {
        name,
      }),
    ).rejects.toThrow('reaction failed');
    expect(
      await t.db.selectFrom('service_cities').select('id').where('name', '=', name).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('what an entity may leave out', () => {
  it('runs an entity without feed or guards, and validates against today unless told the day', async () => {
    const days: string[] = [];
    const bare: AnyEntity = {
      ...serviceCityEntity,
      feed: undefined,
      guards: undefined,
      validate: (_s: unknown, today: string) => (days.push(today), []),
    };
    const made = await runCreate({ db: t.db, actor: admin }, bare, { name: freshName() });
    const id = (made.record as { id: number }).id;
    const ranked = await runCommand(
      { db: t.db, actor: admin },
      bare,
      id,
      { type: 'serviceCity.rank', ranking: 1 },
      1,
    );
    await runCommand(
      { db: t.db, actor: admin, today: '2030-05-06' },
      bare,
      id,
      { type: 'serviceCity.close' },
      2,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect([ranked.version, days]).toEqual([2, [today, today, '2030-05-06']]);
  });

  it('refuses to create a record of an entity that has no create (a singleton)', async () => {
    await expect(
      runCreate({ db: t.db, actor: admin }, commissionEntity, {}, { skipPolicy: true }),
    ).rejects.toThrow(`${commissionEntity.label} records are not created.`);
    const noSequence = { ...serviceCityEntity, idSequence: undefined };
    await expect(runCreate({ db: t.db, actor: admin }, noSequence, { name: freshName() })).rejects.toThrow(
      'Service city records are not created.',
    );
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first record, refuses the key for another request, and keeps keys per person', async () => {
    const body = { name: freshName() };
    const first = await runCreate({ db: t.db, actor: admin }, serviceCityEntity, body, {
      idempotencyKey: 'k1',
      requestBody: body,
    });
    const again = await runCreate({ db: t.db, actor: admin }, serviceCityEntity, body, {
      idempotencyKey: 'k1',
      requestBody: body,
    });
    expect(again).toEqual({ record: first.record, version: 1, events: [] });
    const other = { name: freshName() };
    const mismatch = await failure(() =>
      runCreate({ db: t.db, actor: admin }, serviceCityEntity, other, {
        idempotencyKey: 'k1',
        requestBody: other,
      }),
    );
    expect([mismatch.statusCode, (mismatch.data as { reason_key: string }).reason_key]).toEqual([
      422,
      'errors.idempotencyMismatch',
    ]);
    const elsewhere = await failure(() =>
      runCreate({ db: t.db, actor: admin }, supplierEntity, body, {
        idempotencyKey: 'k1',
        requestBody: body,
      }),
    );
    expect(elsewhere.statusCode).toBe(422);
    const someoneElse = { id: 99, role: 'admin' } as Actor;
    const theirs = await runCreate({ db: t.db, actor: someoneElse }, serviceCityEntity, other, {
      idempotencyKey: 'k1',
      requestBody: other,
    });
    expect((theirs.record as { id: number }).id).not.toBe((first.record as { id: number }).id);
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', 'k1')
      .orderBy('actor_id')
      .execute();
    expect(keys.map((k) => [k.actor_id, k.stream_type, k.stream_id])).toEqual([
      [admin.id, 'service_city', String((first.record as { id: number }).id)],
      [99, 'service_city', String((theirs.record as { id: number }).id)],
    ]);
  });

  it('answers 404 to a retry whose record was deleted since', async () => {
    const body = { name: freshName() };
    const made = await runCreate({ db: t.db, actor: admin }, serviceCityEntity, body, {
      idempotencyKey: 'k3',
      requestBody: body,
    });
    const id = (made.record as { id: number }).id;
    await runCommand({ db: t.db, actor: admin }, serviceCityEntity, id, { type: 'serviceCity.delete' }, 1);
    const gone = await failure(() =>
      runCreate({ db: t.db, actor: admin }, serviceCityEntity, body, {
        idempotencyKey: 'k3',
        requestBody: body,
      }),
    );
    expect([gone.statusCode, gone.data]).toEqual([
      404,
      { reason_key: 'errors.notFound.serviceCity', values: { id } },
    ]);
  });

  it('remembers no key for a create that failed', async () => {
    const body = { name: '' };
    await failure(() =>
      runCreate({ db: t.db, actor: admin }, serviceCityEntity, body, {
        idempotencyKey: 'k2',
        requestBody: body,
      }),
    );
    const key = await t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', 'k2')
      .executeTakeFirst();
    expect(key).toBeUndefined();
  });
});

describe('command', () => {
  it('answers 404 for a record that does not exist', async () => {
    const error = await failure(() =>
      runCommand({ db: t.db, actor: admin }, serviceCityEntity, 987654, { type: 'serviceCity.close' }, 1),
    );
    expect([error.statusCode, error.message, error.data]).toEqual([
      404,
      'Service city 987654 does not exist.',
      { reason_key: 'errors.notFound.serviceCity', values: { id: 987654 } },
    ]);
  });

  it('refuses a stale version with both versions and what happened since, and follows on with "current"', async () => {
    const { id } = await createCity();
    const stale = await failure(() =>
      runCommand({ db: t.db, actor: admin }, serviceCityEntity, id, { type: 'serviceCity.close' }, 0),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.data).toMatchObject({
      reason_key: 'errors.versionConflict',
      expected_version: 0,
      current_version: 1,
      meanwhile: [{ version: 1, type: 'ServiceCityCreated', actor: { id: admin.id, role: 'admin' } }],
    });
    const followed = await runCommand(
      { db: t.db, actor: admin },
      serviceCityEntity,
      id,
      { type: 'serviceCity.close' },
      'current',
    );
    expect(followed.version).toBe(2);
  });

  it('names, newest first, only what was stored after the version the sender loaded, at most MEANWHILE_SHOWN', async () => {
    const { id } = await createCity();
    const ctx = { db: t.db, actor: admin };
    for (let i = 0; i < MEANWHILE_SHOWN + 1; i += 1) {
      const type = i % 2 === 0 ? 'serviceCity.close' : 'serviceCity.enable';
      await runCommand(ctx, serviceCityEntity, id, { type }, 'current');
    }
    const behind = await failure(() =>
      runCommand(ctx, serviceCityEntity, id, { type: 'serviceCity.close' }, 5),
    );
    const meanwhile = (behind.data as { meanwhile: Array<{ version: number }> }).meanwhile;
    expect(meanwhile.map((e) => e.version)).toEqual([7, 6]);
    const farBehind = await failure(() =>
      runCommand(ctx, serviceCityEntity, id, { type: 'serviceCity.close' }, 1),
    );
    const all = (farBehind.data as { meanwhile: Array<{ version: number }> }).meanwhile;
    expect(all.map((e) => e.version)).toEqual([7, 6, 5, 4, 3]);
  });

  it('decides several commands in turn against one version, storing each fact with its own version', async () => {
    const { id, name } = await createCity();
    const seen: number[] = [];
    const result = await runCommand(
      {
        db: t.db,
        actor: staff,
        reactions: { ServiceCityRanked: [async ({ version }) => void seen.push(version)] },
      },
      serviceCityEntity,
      id,
      [
        { type: 'serviceCity.rename', name: `${name} new` },
        { type: 'serviceCity.rank', ranking: 7 },
        { type: 'serviceCity.close' },
      ],
      1,
      { skipPolicy: true, extraData: { note: 'extra' } },
    );
    expect(result.version).toBe(4);
    expect(result.events).toEqual([
      { type: 'ServiceCityRenamed', version: 2 },
      { type: 'ServiceCityRanked', version: 3 },
      { type: 'ServiceCityClosed', version: 4 },
    ]);
    expect(seen).toEqual([3]);
    expect(result.record).toMatchObject({ id, name: `${name} new`, ranking: 7, is_enabled: false });
    const events = await stream(id);
    expect(events.slice(1).map((e) => [e.type, e.actor.id, e.data])).toEqual([
      ['ServiceCityRenamed', staff.id, { name: `${name} new`, previous: name, note: 'extra' }],
      ['ServiceCityRanked', staff.id, { ranking: 7, previous: 3, note: 'extra' }],
      ['ServiceCityClosed', staff.id, { name: `${name} new`, note: 'extra' }],
    ]);
    expect(await row(id)).toMatchObject({
      name: `${name} new`,
      ranking: 7,
      is_enabled: false,
      version: 4,
      updated_at: events[3]!.occurredAt,
    });
  });

  it('refuses what the lifecycle refuses, saying which action in which state, and keeps nothing of the batch', async () => {
    const { id } = await createCity();
    const error = await failure(() =>
      runCommand(
        { db: t.db, actor: admin },
        serviceCityEntity,
        id,
        [{ type: 'serviceCity.rank', ranking: 9 }, { type: 'serviceCity.enable' }],
        1,
      ),
    );
    expect(error.statusCode).toBe(409);
    expect(error.data).toMatchObject({ action: 'serviceCity.enable', state: expect.any(String) });
    expect((await stream(id)).length).toBe(1);
    expect(await row(id)).toMatchObject({ ranking: 3, version: 1 });
  });

  it('answers a refusal about a value the command carries as bad input, naming the field, and keeps nothing', async () => {
    const { id } = await createCity();
    const error = await failure(() =>
      runCommand(
        { db: t.db, actor: admin },
        serviceCityEntity,
        id,
        { type: 'serviceCity.rank', ranking: -1 },
        1,
      ),
    );
    expect(error.statusCode).toBe(400);
    expect(error.data).toMatchObject({
      field: 'ranking',
      reason_key: expect.stringMatching(/\.invalidRanking$/),
      action: 'serviceCity.rank',
    });
    expect((await stream(id)).length).toBe(1);
  });

  it('feeds the lifecycle what other records say before it decides', async () => {
    const { id } = await createCity();
    const fed: AnyEntity = { ...serviceCityEntity, feed: async () => ({ supplierCount: 2 }) };
    const error = await failure(() =>
      runCommand({ db: t.db, actor: admin }, fed, id, { type: 'serviceCity.delete' }, 1),
    );
    expect([error.statusCode, (error.data as { values: { count: number } }).values.count]).toEqual([409, 2]);
    const deleted = await runCommand(
      { db: t.db, actor: admin },
      serviceCityEntity,
      id,
      { type: 'serviceCity.delete' },
      1,
    );
    expect([deleted.record, deleted.version]).toEqual([null, 2]);
    expect(await row(id)).toBeUndefined();
  });

  it('locks what the guards ask first, then refines each command through every guard of its type', async () => {
    const { id, name } = await createCity();
    const order: string[] = [];
    const guarded: AnyEntity = {
      ...serviceCityEntity,
      projection: {
        ...serviceCityEntity.projection,
        load: (...args: Parameters<AnyEntity['projection']['load']>) => {
          order.push('load');
          return serviceCityEntity.projection.load(...args);
        },
      },
      guards: {
        'serviceCity.rename': [
          {
            name: 'first',
            lockFirst: async ({ command }) => void order.push(`lock ${(command as { name: string }).name}`),
            check: async ({ command, snapshot }): Promise<never> => {
              order.push(`check ${(snapshot as { context: { name: string } }).context.name}`);
              return { ...(command as object), name: `${(command as { name: string }).name} A` } as never;
            },
          },
          {
            name: 'second',
            check: refine((c) => ({ ...c, name: `${String(c.name)}B` })),
          },
          { name: 'third', check: async () => undefined },
        ],
      },
    };
    const result = await runCommand(
      { db: t.db, actor: admin },
      guarded,
      id,
      { type: 'serviceCity.rename', name: `${name} x` },
      1,
    );
    expect(order).toEqual([`lock ${name} x`, 'load', `check ${name}`]);
    expect(result.record).toMatchObject({ name: `${name} x AB` });
  });

  it('refuses a state its validation finds wrong after the commands, and keeps nothing', async () => {
    const { id } = await createCity();
    const strict: AnyEntity = {
      ...serviceCityEntity,
      validate: (s: { context: { ranking: number } }) =>
        s.context.ranking > 5 ? [{ field: 'ranking', key: 'k.high', message: 'too high' }] : [],
    };
    const error = await failure(() =>
      runCommand({ db: t.db, actor: admin }, strict, id, { type: 'serviceCity.rank', ranking: 6 }, 1),
    );
    expect([error.statusCode, (error.data as { reason_key: string }).reason_key]).toEqual([400, 'k.high']);
    expect((await stream(id)).length).toBe(1);
  });

  it('lets a reaction send a command of its own in the same transaction', async () => {
    const { id } = await createCity();
    const other = await createCity();
    const closeOther: Reaction = async ({ pipeline }) => {
      await runCommand(pipeline, serviceCityEntity, other.id, { type: 'serviceCity.close' }, 'current');
    };
    const reactions = { ServiceCityRanked: [closeOther] };
    await runCommand(
      { db: t.db, actor: admin, reactions },
      serviceCityEntity,
      id,
      { type: 'serviceCity.rank', ranking: 1 },
      1,
    );
    expect(await row(other.id)).toMatchObject({ is_enabled: false, version: 2 });
    const third = await createCity();
    const refusing: Reaction = async ({ pipeline }) => {
      await runCommand(pipeline, serviceCityEntity, third.id, { type: 'serviceCity.close' }, 'current');
      await runCommand(pipeline, serviceCityEntity, third.id, { type: 'serviceCity.close' }, 'current');
    };
    const refused = await failure(() =>
      runCommand(
        { db: t.db, actor: admin, reactions: { ServiceCityRanked: [refusing] } },
        serviceCityEntity,
        id,
        { type: 'serviceCity.rank', ranking: 2 },
        2,
      ),
    );
    expect(refused.statusCode).toBe(409);
    expect(await row(third.id)).toMatchObject({ is_enabled: true, version: 1 });
    expect(await row(id)).toMatchObject({ ranking: 1, version: 2 });
  });

  it('undoes the command when a reaction fails', async () => {
    const { id } = await createCity();
    await expect(
      runCommand(
        {
          db: t.db,
          actor: admin,
          reactions: { ServiceCityClosed: [async () => Promise.reject(new Error('no'))] },
        },
        serviceCityEntity,
        id,
        { type: 'serviceCity.close' },
        1,
      ),
    ).rejects.toThrow('no');
    expect((await stream(id)).length).toBe(1);
    expect(await row(id)).toMatchObject({ is_enabled: true, version: 1 });
  });
});
