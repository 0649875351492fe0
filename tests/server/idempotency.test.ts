import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR_CODE, REASON } from '../../src/contract/errors';
import { messagesFor } from '../../src/i18n';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

/**
 * `Idempotency-Key` on creates (runCreate in server/kit/pipeline.ts, table idempotency_keys; issue 12): a create
 * retried after a lost answer gets the record the first one made, never a second one; the same key with another
 * request is refused with 422; concurrent requests with one key make one record; a key belongs to the user who
 * sent it. Runs on PGlite and, in the PostgreSQL stage, with real concurrent connections.
 */

// Response bodies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Answer = { status: number; body: { err_code: number; err_msg: string; data: Any } };

/** Concurrent rounds: PostgreSQL runs them on several connections at once; PGlite, one session, takes turns. */
const ROUNDS = process.env.TEST_DATABASE_URL ? 20 : 3;

let t: TestApp;
let admin: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
  staff = bearer(await t.login(STAFF.email, STAFF.password));
});
afterAll(async () => t?.close());

async function post(url: string, who: Record<string, string>, key: string | null, payload: unknown) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...who, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
  const answer: Answer = { status: response.statusCode, body: response.json() };
  expect(answer.status, answer.body.err_msg).toBeLessThan(500);
  return answer;
}

let seq = 0;
/** A supplier body of its own (unique name), in an open demo city. */
function supplierBody(name = `Idem supplier ${++seq}`) {
  const birthday = `1975-0${1 + (seq % 9)}-1${seq % 10}`;
  return validProfile({ name, birthday, id_card_no: idCardFor(birthday, String(300 + seq)) });
}

/** How many events the log holds for a stream type. */
async function eventCount(streamType: string): Promise<number> {
  const row = await t.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stream_type', '=', streamType)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function suppliersNamed(name: string): Promise<number[]> {
  const rows = await t.db.selectFrom('suppliers').select('id').where('name', '=', name).execute();
  return rows.map((r) => r.id);
}

const key = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('Idempotency-Key on creates', () => {
  it('answers a replay (same key, same body) with the same record, and logs no second event', async () => {
    const body = supplierBody();
    const k = key('replay');
    const first = await post('/api/suppliers', staff, k, body);
    expect(first.status, first.body.err_msg).toBe(200);
    const events = await eventCount('supplier');
    const again = await post('/api/suppliers', staff, k, body);
    expect(again.status, again.body.err_msg).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await eventCount('supplier')).toBe(events);
    expect(await suppliersNamed(body.name)).toEqual([first.body.data.id]);

    // The same for another entity, through the same kit route: a service city.
    const k2 = key('city');
    const city = await post('/api/service-cities', admin, k2, { name: `Idem city ${seq}`, ranking: 3 });
    expect(city.status, city.body.err_msg).toBe(200);
    const cityEvents = await eventCount('service_city');
    const cityAgain = await post('/api/service-cities', admin, k2, { name: `Idem city ${seq}`, ranking: 3 });
    expect(cityAgain.status, cityAgain.body.err_msg).toBe(200);
    expect(cityAgain.body.data.id).toBe(city.body.data.id);
    expect(await eventCount('service_city')).toBe(cityEvents);
  });

  it('answers a replay after the record changed with that same record, as it is now', async () => {
    const body = supplierBody();
    const k = key('changed');
    const first = (await post('/api/suppliers', staff, k, body)).body.data;
    const approved = await post(`/api/suppliers/${first.id}/events`, staff, null, {
      type: 'supplier.approve',
      expectedVersion: first.version,
    });
    expect(approved.status, approved.body.err_msg).toBe(200);
    const again = await post('/api/suppliers', staff, k, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.id, version: 2, audit_state: 'pass' });
    expect(await suppliersNamed(body.name)).toEqual([first.id]);
  });

  it('refuses the same key with a different body: 422 with a reason key both languages translate', async () => {
    const body = supplierBody();
    const k = key('mismatch');
    const first = await post('/api/suppliers', staff, k, body);
    expect(first.status).toBe(200);
    const events = await eventCount('supplier');
    const other = await post('/api/suppliers', staff, k, { ...body, bio: 'Something else entirely.' });
    expect(other.status).toBe(422);
    expect(other.body.err_code).toBe(ERR_CODE.idempotencyMismatch);
    expect(other.body.err_code).toBe(42201);
    expect(other.body.data).toMatchObject({ reason_key: REASON.idempotencyMismatch });
    expect(REASON.idempotencyMismatch).toBe('errors.idempotencyMismatch');
    expect(other.body.err_msg).toMatch(/Idempotency-Key was already used for a different request/);
    expect(await eventCount('supplier')).toBe(events);
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const text = messagesFor(locale)[other.body.data.reason_key];
      expect(text, locale).toBeTruthy();
    }
    expect(messagesFor('zh-CN')[REASON.idempotencyMismatch]).not.toBe(
      messagesFor('en-US')[REASON.idempotencyMismatch],
    );

    // The key is the user's, whatever it created: reused for another kind of record, it is refused too.
    const city = await post('/api/service-cities', admin, key('shared'), { name: `Idem keyed ${seq}` });
    expect(city.status).toBe(200);
    const shared = key('shared');
    expect((await post('/api/suppliers', admin, shared, supplierBody())).status).toBe(200);
    const onCity = await post('/api/service-cities', admin, shared, { name: `Idem other ${seq}` });
    expect(onCity.status).toBe(422);
    expect(onCity.body.data).toMatchObject({ reason_key: REASON.idempotencyMismatch });
  });

  it('keeps a key per user: another user sending the same key and body creates their own record', async () => {
    const body = supplierBody();
    const k = key('per-user');
    const mine = await post('/api/suppliers', staff, k, body);
    const theirs = await post('/api/suppliers', admin, k, body);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect((await suppliersNamed(body.name)).sort()).toEqual([mine.body.data.id, theirs.body.data.id].sort());
    // …and each user's replay still answers with their own.
    expect((await post('/api/suppliers', admin, k, body)).body.data.id).toBe(theirs.body.data.id);
    expect((await post('/api/suppliers', staff, k, body)).body.data.id).toBe(mine.body.data.id);
  });

  it('remembers a key only with the record it made: a refused create leaves the key free', async () => {
    const k = key('refused');
    const body = supplierBody();
    const refused = await post('/api/suppliers', staff, k, { ...body, city: 'Atlantis' });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ field: 'city' });
    const fixed = await post('/api/suppliers', staff, k, body);
    expect(fixed.status, fixed.body.err_msg).toBe(200);
    expect(await suppliersNamed(body.name)).toEqual([fixed.body.data.id]);
  });

  it('creates twice without a key (the header is what makes a retry safe)', async () => {
    const body = supplierBody();
    const a = await post('/api/suppliers', staff, null, body);
    const b = await post('/api/suppliers', staff, null, body);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(await suppliersNamed(body.name)).toHaveLength(2);
  });

  it('refuses an empty or overlong key with 400 before creating anything', async () => {
    const body = supplierBody();
    for (const bad of ['', 'k'.repeat(201)]) {
      const r = await post('/api/suppliers', staff, bad, body);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await suppliersNamed(body.name)).toEqual([]);
  });

  it('makes exactly one record of concurrent requests with one key, and answers each with it', async () => {
    const CONCURRENT = 6;
    for (let round = 0; round < ROUNDS; round++) {
      const body = supplierBody();
      const k = key('concurrent');
      const events = await eventCount('supplier');
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () => post('/api/suppliers', staff, k, body)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(CONCURRENT).fill(200));
      const ids = new Set(answers.map((a) => a.body.data.id));
      expect(ids.size).toBe(1);
      expect(await suppliersNamed(body.name)).toEqual([...ids]);
      expect(await eventCount('supplier')).toBe(events + 1);
    }
  });

  it('makes exactly one service city of concurrent requests with one key (its name is unique too)', async () => {
    // Here the losers also collide on the city's unique name before the key: still one city, never a 500.
    const CONCURRENT = 6;
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Idem concurrent ${round} ${Date.now()}`;
      const k = key('concurrent-city');
      const events = await eventCount('service_city');
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () => post('/api/service-cities', admin, k, { name })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(CONCURRENT).fill(200));
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect(await eventCount('service_city')).toBe(events + 1);
    }
  });
});
