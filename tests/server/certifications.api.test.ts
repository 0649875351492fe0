import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEntity } from '../../server/kit/rebuild';
import { certificationEntity } from '../../server/modules/user/certification';
import { idCardCheckDigit } from '../../src/machines/lifecycles/supplierProfile';
import { callAs } from './support/apps';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// Real-name certification over HTTP: a member asks, sees only their own requests (another's reads as 404), may
// have one open request, withdraws it; an administrator reviews everyone's but their own; the whole ID number is
// checked and then never stored or answered; the user info says "certified"; a rebuild gives the same rows.

let app: TestApp;
let admin: string;
let staff: string;
let staffId: number;
let adminId: number;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.login(ADMIN.email, ADMIN.password);
  staff = await app.login(STAFF.email, STAFF.password);
  staffId = (await call('POST', '/api/user/info', undefined, staff)).body.data.id;
  adminId = (await call('POST', '/api/user/info', undefined, admin)).body.data.id;
});
afterAll(async () => {
  await app?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
  callAs(app, token, method, url, payload);
const idNumber = (first17: string) => first17 + idCardCheckDigit(first17);
type Request = { id: number; version: number; state: string; applicant_id: number };

const list = async (token: string, query = '') =>
  (await call('GET', `/api/certifications?page_size=100${query}`, undefined, token)).body.data as {
    items: Request[];
    total: number;
    counts: Record<string, number>;
  };
const command = (id: number, version: number, body: object, token = admin) =>
  call('POST', `/api/certifications/${id}/events`, { ...body, expectedVersion: version }, token);

describe('certification', () => {
  it('a member reads only their own requests; an administrator reads everyone’s', async () => {
    const mine = await list(staff);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((r) => r.applicant_id === staffId)).toBe(true);
    expect(mine.counts.all).toBe(mine.items.length);
    const all = await list(admin);
    expect(all.items.some((r) => r.applicant_id === adminId)).toBe(true);
    expect(all.items.some((r) => r.applicant_id === staffId)).toBe(true);
    const adminsOwn = all.items.find((r) => r.applicant_id === adminId)!;
    expect((await call('GET', `/api/certifications/${adminsOwn.id}`, undefined, staff)).status).toBe(404);
    expect((await call('GET', `/api/certifications/${adminsOwn.id}/events`, undefined, staff)).status).toBe(
      404,
    );
    expect((await call('GET', `/api/certifications/${adminsOwn.id}`, undefined, admin)).status).toBe(200);
    // A command names no record outside the reader's scope either: 404, not the rule's 409.
    const withdraw = { type: 'certification.withdraw', expectedVersion: adminsOwn.version };
    const other = await call('POST', `/api/certifications/${adminsOwn.id}/events`, withdraw, staff);
    expect(other.status).toBe(404);
    const bulk = await call(
      'POST',
      '/api/certifications/bulk-events',
      { type: 'certification.withdraw', items: [{ id: adminsOwn.id, expectedVersion: adminsOwn.version }] },
      staff,
    );
    expect(bulk.body.data.results[0]).toMatchObject({ ok: false, err_code: 404 });
    const csv = await app.app.inject({
      method: 'GET',
      url: '/api/certifications/export.csv',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n').length - 1).toBe(mine.total);
    expect(csv.body).not.toContain('王芳');
  });

  it('a broken rule is refused with its field and reason key, and nothing is stored', async () => {
    const before = (await list(admin)).total;
    const cases: Array<[object, string, string]> = [
      [{ real_name: ' ', id_number: idNumber('11010519851124004') }, 'real_name', 'nameRequired'],
      [{ real_name: '王', id_number: idNumber('11010519851124004') }, 'real_name', 'nameLength'],
      [{ real_name: '王芳', id_number: '' }, 'id_number', 'idRequired'],
      [{ real_name: '王芳', id_number: '1101051985112400' }, 'id_number', 'idFormat'],
      [{ real_name: '王芳', id_number: '110105198511240040' }, 'id_number', 'idChecksum'],
      [{ real_name: '王芳', id_number: idNumber('11010520990101004') }, 'id_number', 'idBirth'],
    ];
    for (const [body, field, key] of cases) {
      const res = await call('POST', '/api/certifications', body, staff);
      expect(res.status, key).toBe(400);
      expect(res.body.data).toMatchObject({ field, reason_key: `certification.validation.${key}` });
    }
    expect((await call('POST', '/api/certifications', { real_name: 'x' }, staff)).status).toBe(400);
    expect((await list(admin)).total).toBe(before);
  });

  it('one open request per member; withdrawn, the member asks again; the number is kept masked only', async () => {
    const open = (await list(staff, '&tab=reviewing')).items[0];
    expect(open).toBeDefined();
    const number = idNumber('44030419920815123');
    const refused = await call(
      'POST',
      '/api/certifications',
      { real_name: '李敏', id_number: number },
      staff,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason_key).toBe('certification.reason.open');
    // Only the applicant withdraws (the admin is refused by the rule, in words).
    const notYours = await command(open.id, open.version, { type: 'certification.withdraw' }, admin);
    expect(notYours.status).toBe(409);
    expect(notYours.body.data.reason_key).toBe('certification.reason.notApplicant');
    const gone = await command(open.id, open.version, { type: 'certification.withdraw' }, staff);
    expect(gone.status, gone.body.err_msg).toBe(200);
    expect(gone.body.data.certification.state).toBe('withdrawn');
    const made = await call('POST', '/api/certifications', { real_name: ' 李敏 ', id_number: number }, staff);
    expect(made.status, made.body.err_msg).toBe(200);
    expect(made.body.data).toMatchObject({
      state: 'reviewing',
      applicant_id: staffId,
      real_name: '李敏',
      id_number: `4403**********${number.slice(-4)}`,
    });
    const stored = await app.db
      .selectFrom('events')
      .select('data')
      .where('stream_type', '=', 'certification')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(number);
  });

  it('an administrator certifies another member, never themself; staff never review', async () => {
    const adminsOwn = (await list(admin)).items.find(
      (r) => r.applicant_id === adminId && r.state === 'reviewing',
    )!;
    const self = await command(adminsOwn.id, adminsOwn.version, { type: 'certification.approve' });
    expect(self.status).toBe(409);
    expect(self.body.data.reason_key).toBe('certification.reason.ownRequest');
    const waiting = (await list(staff, '&tab=reviewing')).items[0];
    const byStaff = await command(waiting.id, waiting.version, { type: 'certification.approve' }, staff);
    expect(byStaff.status).toBe(403);
    const noReason = await command(waiting.id, waiting.version, {
      type: 'certification.reject',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toMatchObject({
      reason_key: 'certification.reason.reasonRequired',
      field: 'reason',
    });
    expect((await call('POST', '/api/user/info', undefined, staff)).body.data.certification).toBe(0);
    const done = await command(waiting.id, waiting.version, { type: 'certification.approve' });
    expect(done.status, done.body.err_msg).toBe(200);
    expect(done.body.data.certification).toMatchObject({
      state: 'certified',
      reviewed_by: adminId,
      reviewer_name: expect.any(String),
    });
    expect((await call('POST', '/api/user/info', undefined, staff)).body.data.certification).toBe(1);
    const stale = await command(waiting.id, waiting.version, { type: 'certification.approve' });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
  });

  it('a rebuild from the log gives the same rows', async () => {
    const live = await app.db.selectFrom('certifications').selectAll().orderBy('id').execute();
    expect(live.length).toBeGreaterThan(3);
    await rebuildEntity(app.db, certificationEntity);
    expect(await app.db.selectFrom('certifications').selectAll().orderBy('id').execute()).toEqual(live);
  });
});
