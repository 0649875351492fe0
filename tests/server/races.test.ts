import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { rebuildAll } from '../../server/kit/rebuildAll';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { ENTITY_CASES } from './kit/entityCases';
import { prng } from './suppliersSupport';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

/**
 * Cross-entity rules under real concurrency (issue 12, item 3): a city deleted or renamed while a supplier signs up
 * in it or moves into it, a city deleted or renamed while a commission override is set on it, two staff deciding
 * the same supplier on the same version, two admins adding the same city. Each race is run many times through the
 * HTTP routes, on several pooled connections at once; after every round no supplier is in a city that does not
 * exist (in the city's stored spelling), no commission override names a missing city, and nothing answered 5xx;
 * after every kind of race, every read model equals a rebuild from the log.
 *
 * Only PostgreSQL has concurrent writers: this file runs in the PostgreSQL stage of `npm test`
 * (TEST_DATABASE_URL set). PGlite is a single session that serialises every transaction, so these races cannot
 * happen there (and the file is skipped).
 */

// Response bodies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Answer = { status: number; body: { err_code: number; err_msg: string; data: Any } };

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = 40;

let t: TestApp;
let admin: Record<string, string>;
let staff: Record<string, string>;
let staff2: Record<string, string>;
/** Every answer of the file, to prove none was a 5xx. */
const answers: Array<{ what: string } & Answer> = [];
const random = prng(20261212);

async function call(
  what: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<Answer> {
  const response = await t.app.inject({ method, url, headers, payload: payload as object });
  const answer = { status: response.statusCode, body: response.json() };
  answers.push({ what, ...answer });
  expect(answer.status, `${what}: ${answer.body.err_msg}`).toBeLessThan(500);
  return answer;
}

/** Waits 0–2 ms, so the two sides of a race start in either order and meet at different points. */
const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 3)));

/** Runs both sides at once, each after its own jitter. */
function race<A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  return Promise.all([jitter().then(a), jitter().then(b)]);
}

let seq = 0;
function profile(city: string) {
  seq += 1;
  const birthday = `1980-0${1 + (seq % 9)}-1${seq % 10}`;
  return validProfile({
    name: `Race supplier ${seq}`,
    birthday,
    id_card_no: idCardFor(birthday, String(100 + (seq % 900))),
    city,
  });
}

async function newCity(name: string): Promise<{ id: number; version: number; name: string }> {
  const r = await call('create city', 'POST', '/api/service-cities', admin, { name });
  expect(r.status, r.body.err_msg).toBe(200);
  return r.body.data;
}

async function newSupplier(city: string): Promise<{ id: number; version: number }> {
  const r = await call('create supplier', 'POST', '/api/suppliers', staff, profile(city));
  expect(r.status, r.body.err_msg).toBe(200);
  return r.body.data;
}

async function commissionVersion(): Promise<number> {
  return (await call('commission', 'GET', '/api/commission', admin)).body.data.version;
}

/** No supplier in a city that is not a service city, and no city override on one, both by exact spelling. */
async function expectNoOrphans(): Promise<void> {
  const suppliers = await sql<{ id: number; city: string }>`
    select s.id, s.city from suppliers s
    where not exists (select 1 from service_cities c where c.name = s.city)`.execute(t.db);
  expect(suppliers.rows, 'suppliers whose city is not a service city').toEqual([]);
  const overrides = await sql<{ target: string }>`
    select o.target from commission_overrides o
    where o.scope = 'city' and not exists (select 1 from service_cities c where c.name = o.target)`.execute(
    t.db,
  );
  expect(overrides.rows, 'commission overrides on a city that is not a service city').toEqual([]);
}

const TABLES = ENTITY_CASES.flatMap((c) => c.tables);

async function readModels(db: Kysely<Database>) {
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await k.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** Every read model is exactly what replaying the log gives. */
async function expectProjectionsEqualRebuild(): Promise<void> {
  const live = await readModels(t.db);
  await rebuildAll(t.db);
  expect(await readModels(t.db)).toEqual(live);
}

/** Counts the outcomes of a race by a label, to show in the test output which side won how often. */
function tally(): { add(label: string): void; toString(): string } {
  const counts = new Map<string, number>();
  return {
    add: (label) => counts.set(label, (counts.get(label) ?? 0) + 1),
    toString: () => [...counts].map(([k, n]) => `${k}: ${n}`).join(', '),
  };
}

describe.runIf(ON_POSTGRES)('cross-entity rules under concurrent requests (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await t.login(ADMIN.email, ADMIN.password));
    staff = bearer(await t.login(STAFF.email, STAFF.password));
    staff2 = bearer(await t.login(STAFF.email, STAFF.password));
    await expectNoOrphans(); // the demo data starts clean
  });
  afterAll(async () => {
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    await t?.close();
  });

  it('a city deleted while a supplier signs up in it or moves into it: one of the two is refused', async () => {
    const outcomes = tally();
    const home = (await call('home', 'GET', '/api/service-cities?q=Beijing', staff)).body.data.items[0].name;
    for (let i = 0; i < ROUNDS; i++) {
      const city = await newCity(`Race delete ${i}`);
      const moving = i % 2 === 1 ? await newSupplier(home) : null;
      // The supplier names the city in another case and spacing: it is stored in the city's own spelling.
      const named = ` ${city.name.toUpperCase()} `;
      const [deleted, supplier] = await race(
        () =>
          call(
            'delete city',
            'DELETE',
            `/api/service-cities/${city.id}?expectedVersion=${city.version}`,
            admin,
          ),
        () =>
          moving
            ? call('move supplier', 'PUT', `/api/suppliers/${moving.id}`, staff, {
                city: named,
                expectedVersion: moving.version,
              })
            : call('sign up supplier', 'POST', '/api/suppliers', staff, profile(named)),
      );
      if (deleted.status === 200) {
        expect(supplier.status, supplier.body.err_msg).toBe(400);
        expect(supplier.body.data).toMatchObject({
          field: 'city',
          reason_key: 'supply.validation.cityNotOpen',
        });
        outcomes.add('city deleted');
      } else {
        expect(deleted.status, deleted.body.err_msg).toBe(409);
        expect(deleted.body.data).toMatchObject({ reason_key: 'system.city.reason.inUse' });
        expect(supplier.status, supplier.body.err_msg).toBe(200);
        const record = moving ? supplier.body.data.supplier : supplier.body.data;
        expect(record.city).toBe(city.name);
        outcomes.add('supplier in');
      }
      await expectNoOrphans();
    }
    console.info(`delete vs sign-up/move: ${outcomes}`);
    await expectProjectionsEqualRebuild();
  });

  it('a city renamed while a supplier signs up naming its old name: one of the two is refused', async () => {
    const outcomes = tally();
    for (let i = 0; i < ROUNDS; i++) {
      const city = await newCity(`Race rename ${i}`);
      const [renamed, supplier] = await race(
        () =>
          call('rename city', 'POST', `/api/service-cities/${city.id}/events`, admin, {
            type: 'serviceCity.rename',
            name: `Race renamed ${i}`,
            expectedVersion: city.version,
          }),
        () => call('sign up supplier', 'POST', '/api/suppliers', staff, profile(city.name.toLowerCase())),
      );
      if (renamed.status === 200) {
        expect(supplier.status, supplier.body.err_msg).toBe(400);
        expect(supplier.body.data).toMatchObject({ reason_key: 'supply.validation.cityNotOpen' });
        outcomes.add('city renamed');
      } else {
        expect(renamed.status, renamed.body.err_msg).toBe(409);
        expect(renamed.body.data).toMatchObject({ reason_key: 'system.city.reason.inUseRename' });
        expect(supplier.status, supplier.body.err_msg).toBe(200);
        expect(supplier.body.data.city).toBe(city.name);
        outcomes.add('supplier in');
      }
      await expectNoOrphans();
    }
    console.info(`rename vs sign-up: ${outcomes}`);
    await expectProjectionsEqualRebuild();
  });

  it('a city deleted while a commission override is set on it: one of the two is refused', async () => {
    const outcomes = tally();
    for (let i = 0; i < ROUNDS; i++) {
      const city = await newCity(`Race override ${i}`);
      const version = await commissionVersion();
      const [deleted, override] = await race(
        () =>
          call(
            'delete city',
            'DELETE',
            `/api/service-cities/${city.id}?expectedVersion=${city.version}`,
            admin,
          ),
        () =>
          call('set override', 'POST', '/api/commission/events', admin, {
            type: 'commission.setOverride',
            scope: 'city',
            target: city.name.toLowerCase(),
            rate: 7.5,
            expectedVersion: version,
          }),
      );
      if (deleted.status === 200) {
        expect(override.status, override.body.err_msg).toBe(400);
        expect(override.body.data).toMatchObject({ reason_key: 'system.commission.validation.noCity' });
        outcomes.add('city deleted');
      } else {
        expect(deleted.status, deleted.body.err_msg).toBe(409);
        expect(deleted.body.data).toMatchObject({ reason_key: 'system.city.reason.hasCommission' });
        expect(override.status, override.body.err_msg).toBe(200);
        expect(override.body.data.overrides).toContainEqual(
          expect.objectContaining({ scope: 'city', target: city.name, rate_bp: 750 }),
        );
        outcomes.add('override set');
      }
      await expectNoOrphans();
    }
    console.info(`delete vs override: ${outcomes}`);
    await expectProjectionsEqualRebuild();
  });

  it('a city renamed while an override is set on its old name: the override ends on the new name or is refused', async () => {
    // The rename locks the city, then the commission (its override follows it); setting an override locks the
    // commission, then the city. The two may deadlock: the loser is run again, never answered with a 500.
    const outcomes = tally();
    for (let i = 0; i < ROUNDS; i++) {
      const city = await newCity(`Race follow ${i}`);
      const version = await commissionVersion();
      const to = `Race followed ${i}`;
      const [renamed, override] = await race(
        () =>
          call('rename city', 'POST', `/api/service-cities/${city.id}/events`, admin, {
            type: 'serviceCity.rename',
            name: to,
            expectedVersion: city.version,
          }),
        () =>
          call('set override', 'POST', '/api/commission/events', admin, {
            type: 'commission.setOverride',
            scope: 'city',
            target: city.name,
            rate: 6,
            expectedVersion: version,
          }),
      );
      expect(renamed.status, renamed.body.err_msg).toBe(200);
      const overrides = (await call('commission', 'GET', '/api/commission', admin)).body.data.overrides;
      if (override.status === 200) {
        expect(overrides).toContainEqual(
          expect.objectContaining({ scope: 'city', target: to, rate_bp: 600 }),
        );
        outcomes.add('override followed the rename');
      } else {
        expect(override.status, override.body.err_msg).toBe(400);
        expect(override.body.data).toMatchObject({ reason_key: 'system.commission.validation.noCity' });
        outcomes.add('override refused');
      }
      expect(overrides.filter((o: Any) => o.target === city.name)).toEqual([]);
      await expectNoOrphans();
    }
    console.info(`rename vs override: ${outcomes}`);
    await expectProjectionsEqualRebuild();
  });

  it('two staff deciding the same supplier on the same version: exactly one wins, the other gets 409', async () => {
    const outcomes = tally();
    const commands = [
      { type: 'supplier.approve' },
      { type: 'supplier.reject', reason: 'The ID card photo is blurred' },
    ];
    for (let i = 0; i < ROUNDS; i++) {
      const supplier = await newSupplier('Beijing');
      const first = commands[i % 2];
      const second = commands[Math.floor(i / 2) % 2];
      const [a, b] = await race(
        () =>
          call(first.type, 'POST', `/api/suppliers/${supplier.id}/events`, staff, {
            ...first,
            expectedVersion: supplier.version,
          }),
        () =>
          call(second.type, 'POST', `/api/suppliers/${supplier.id}/events`, staff2, {
            ...second,
            expectedVersion: supplier.version,
          }),
      );
      const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
      expect(winner.status, winner.body.err_msg).toBe(200);
      expect(loser.status, loser.body.err_msg).toBe(409);
      expect(loser.body.err_code).toBe(40901);
      expect(loser.body.data).toMatchObject({ expected_version: supplier.version });
      // One decision in the log, and the record shows it.
      const history = await call('history', 'GET', `/api/suppliers/${supplier.id}/events`, staff);
      expect(history.body.data.map((e: Any) => e.type)).toEqual([
        winner.body.data.event.type,
        'SupplierRegistered',
      ]);
      const now = (await call('supplier', 'GET', `/api/suppliers/${supplier.id}`, staff)).body.data;
      expect(now).toMatchObject({
        version: supplier.version + 1,
        audit_state: winner.body.data.supplier.audit_state,
      });
      outcomes.add(`${winner === a ? 'first' : 'second'} won`);
    }
    console.info(`approve/reject on one version: ${outcomes}`);
    await expectProjectionsEqualRebuild();
  });

  it('two admins adding the same city, or renaming two cities to one name: one wins, the other gets 409', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const name = `Race twin ${i}`;
      const [a, b] = await race(
        () => call('create city', 'POST', '/api/service-cities', admin, { name }),
        () => call('create city', 'POST', '/api/service-cities', admin, { name: name.toUpperCase() }),
      );
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body).toMatchObject({
        err_code: 40903,
        data: { reason_key: 'system.city.reason.nameTaken' },
      });

      const [x, y] = [await newCity(`Race one ${i}`), await newCity(`Race two ${i}`)];
      const to = `Race same ${i}`;
      const [c, d] = await race(
        () =>
          call('rename city', 'POST', `/api/service-cities/${x.id}/events`, admin, {
            type: 'serviceCity.rename',
            name: to,
            expectedVersion: x.version,
          }),
        () =>
          call('rename city', 'POST', `/api/service-cities/${y.id}/events`, admin, {
            type: 'serviceCity.rename',
            name: to,
            expectedVersion: y.version,
          }),
      );
      expect([c.status, d.status].sort()).toEqual([200, 409]);
    }
    const names = await t.db
      .selectFrom('service_cities')
      .select('name_key')
      .where('name_key', 'like', 'race %')
      .execute();
    expect(new Set(names.map((n) => n.name_key)).size).toBe(names.length);
    await expectNoOrphans();
    await expectProjectionsEqualRebuild();
  });
});
