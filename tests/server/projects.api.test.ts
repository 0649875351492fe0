import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEntity } from '../../server/kit/rebuild';
import { projectEntity } from '../../server/modules/projects/module';
import { seedProjects } from '../../server/modules/projects/seed';
import { validForm } from '../machines/lifecycles/projectFixtures';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

let t: TestApp;
let admin: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  // No demo seed: these tests count rows and must see only their own.
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir }); // core users only: the demo accounts
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
  staff = bearer(await t.login(STAFF.email, STAFF.password));
});
afterAll(async () => t?.close());

type Json = Record<string, unknown>;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Json, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    payload: payload as Json,
  });
  return {
    status: response.statusCode,
    body: response.json() as { err_code: number; err_msg: string; data: Any },
  };
}
async function create(overrides: Json = {}, headers = staff) {
  const r = await call('POST', '/api/projects', headers, { ...validForm(), ...overrides });
  expect(r.status, r.body.err_msg).toBe(200);
  return r.body.data as { id: number; version: number } & Json;
}
const send = (id: number, body: Json, headers = staff) =>
  call('POST', `/api/projects/${id}/events`, headers, body);

describe('POST /api/projects (create): validation and money', () => {
  it('creates an enabled, hidden project at version 1 with prices in yuan and its creation in the history', async () => {
    const p = await create({ min_price: 19.9, max_price: '299.5' });
    expect(p).toMatchObject({
      project_name: 'Deep home cleaning',
      min_price: '19.90',
      max_price: '299.50',
      duration: 180,
      is_enabled: true,
      is_display: false,
      ranking: 0,
      version: 1,
      carouse_covers: ['/uploads/c1.png', 'https://cdn.example.com/c2.jpg'],
    });
    const row = await t.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect([row.min_price_fen, row.max_price_fen]).toEqual([1990, 29950]);
    const history = await call('GET', `/api/projects/${p.id}/events`, staff);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      type: 'ProjectCreated',
      data: { details: { min_price: 1990, max_price: 29950 } },
      actor: { email: STAFF.email, role: 'user' },
    });
  });

  it('accepts a project without max price, duration or cover', async () => {
    const p = await create({ max_price: null, duration: '', cover: '' });
    expect(p).toMatchObject({ max_price: null, duration: null, cover: '' });
  });

  it.each([
    ['project_name', { project_name: '' }, /project_name is required/],
    ['min_price', { min_price: '' }, /min_price is required/],
    ['min_price', { min_price: 'ten' }, /min_price must be a number/],
    ['min_price', { min_price: 0.1 + 0.2 }, /two decimals/],
    ['min_price', { min_price: true }, /min_price must be a number/],
    ['max_price', { max_price: 'x' }, /max_price must be a number/],
    ['max_price', { min_price: '300', max_price: '200' }, /not be lower than min_price/],
    ['duration', { duration: 0 }, /duration/],
    ['cover', { cover: 'javascript:alert(1)' }, /cover/],
    ['carouse_covers', { carouse_covers: '/uploads/a.png' }, /carouse_covers/],
    ['carouse_covers', { carouse_covers: ['x.png'] }, /carouse_covers/],
    ['ranking', { ranking: -1 }, /ranking/],
    ['colour', { colour: 'red' }, /Unknown field/],
  ])('refuses an invalid %s with 400 naming it', async (field, overrides, message) => {
    const r = await call('POST', '/api/projects', staff, { ...validForm(), ...overrides });
    expect(r.status).toBe(400);
    expect(r.body.err_code).toBe(400);
    expect(r.body.err_msg).toMatch(message);
    expect(r.body.data.field).toBe(field);
  });

  it('reports every invalid field with its i18n key', async () => {
    const r = await call('POST', '/api/projects', staff, {
      ...validForm(),
      project_name: '',
      min_price: 'x',
    });
    expect(r.body.data.errors.map((e: Any) => e.key)).toEqual([
      'project.validation.nameRequired',
      'project.validation.minNumeric',
    ]);
  });

  it('refuses anonymous callers with 401', async () => {
    const r = await call('POST', '/api/projects', {}, validForm());
    expect(r.status).toBe(401);
  });
});

describe('rich text is sanitised on write', () => {
  const payload =
    '<p onclick="alert(1)">Hi <strong>there</strong></p><script>alert("x")</script>' +
    '<img src=x onerror=alert(2)><a href="javascript:alert(3)">link</a>' +
    '<a href="&#106;avascript:alert(4)">encoded</a><iframe src="javascript:alert(5)"></iframe>';

  function assertInert(html: string) {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/&#106;/);
  }

  it('stores a stored-XSS payload inert in every rich-text field, keeping the formatting', async () => {
    const p = await create({ intro: payload, avoid: payload, order_instruction: payload });
    const detail = await call('GET', `/api/projects/${p.id}`, staff);
    for (const field of ['intro', 'avoid', 'order_instruction']) {
      assertInert(detail.body.data[field]);
      expect(detail.body.data[field]).toContain('<strong>there</strong>');
    }
    // the event log (the source of truth) holds the sanitised text too
    const history = await call('GET', `/api/projects/${p.id}/events`, staff);
    assertInert(JSON.stringify(history.body.data));
  });

  it('sanitises edits too', async () => {
    const p = await create();
    const r = await call('PUT', `/api/projects/${p.id}`, staff, { intro: payload, expectedVersion: 1 });
    expect(r.status, r.body.err_msg).toBe(200);
    assertInert(r.body.data.project.intro);
    expect(r.body.data.project.intro).toContain('<p>Hi <strong>there</strong></p>');
  });
});

describe('commands: lifecycle, roles and versions', () => {
  it('shows and hides for both roles, each as an event with the next version', async () => {
    const p = await create();
    const shown = await send(p.id, { type: 'project.show', expectedVersion: 1 });
    expect(shown.status, shown.body.err_msg).toBe(200);
    expect(shown.body.data.project).toMatchObject({ is_display: true, version: 2 });
    expect(shown.body.data.event).toEqual({ type: 'ProjectShown', version: 2 });
    const hidden = await send(p.id, { type: 'project.hide', expectedVersion: 2 }, admin);
    expect(hidden.body.data.project).toMatchObject({ is_display: false, version: 3 });
  });

  it('lets only admins close and enable (403 for staff), and closing hides', async () => {
    const p = await create();
    await send(p.id, { type: 'project.show', expectedVersion: 1 });
    const refused = await send(p.id, { type: 'project.close', expectedVersion: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(
      /Only administrators may close this project; you are signed in as a user/,
    );
    const closed = await send(p.id, { type: 'project.close', expectedVersion: 2 }, admin);
    expect(closed.body.data.project).toMatchObject({ is_enabled: false, is_display: false, version: 3 });
    expect((await send(p.id, { type: 'project.enable', expectedVersion: 3 })).status).toBe(403);
    const enabled = await send(p.id, { type: 'project.enable', expectedVersion: 3 }, admin);
    expect(enabled.body.data.project).toMatchObject({ is_enabled: true, is_display: false });
  });

  it('refuses a transition the machine refuses with 409 naming state and action', async () => {
    const p = await create();
    await send(p.id, { type: 'project.close', expectedVersion: 1 }, admin);
    const r = await send(p.id, { type: 'project.show', expectedVersion: 2 });
    expect(r.status).toBe(409);
    expect(r.body.err_code).toBe(40902);
    expect(r.body.err_msg).toBe(
      'Cannot show this project to customers while it is hidden and closed: it is closed; enable it first.',
    );
    expect(r.body.data).toMatchObject({ action: 'project.show', reason_key: 'project.reason.closed' });
    const hide = await send(p.id, { type: 'project.hide', expectedVersion: 2 });
    expect(hide.status).toBe(409);
    expect(hide.body.err_msg).toMatch(/already hidden/);
  });

  it('refuses a stale expectedVersion with 409 and changes nothing', async () => {
    const p = await create();
    await send(p.id, { type: 'project.show', expectedVersion: 1 });
    const stale = await call('PUT', `/api/projects/${p.id}`, staff, { summary: 'mine', expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    expect(stale.body.data).toMatchObject({ expected_version: 1, current_version: 2 });
    const detail = await call('GET', `/api/projects/${p.id}`, staff);
    expect(detail.body.data).toMatchObject({ summary: validForm().summary, version: 2 });
  });

  it('edits only what changed, validating the whole result, and records previous values', async () => {
    const p = await create();
    const bad = await call('PUT', `/api/projects/${p.id}`, staff, { max_price: '1', expectedVersion: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toMatch(/max_price must not be lower/);
    const r = await call('PUT', `/api/projects/${p.id}`, staff, {
      min_price: '199.00', // unchanged (same amount)
      max_price: 350,
      carouse_covers: ['https://cdn.example.com/c2.jpg', '/uploads/c1.png'], // reordered
      expectedVersion: 1,
    });
    expect(r.status, r.body.err_msg).toBe(200);
    expect(r.body.data.project).toMatchObject({ max_price: '350.00', version: 2 });
    const history = await call('GET', `/api/projects/${p.id}/events`, staff);
    expect(history.body.data[0]).toMatchObject({
      type: 'ProjectEdited',
      data: {
        changes: { max_price: 35000, carouse_covers: ['https://cdn.example.com/c2.jpg', '/uploads/c1.png'] },
        previous: { max_price: 29900 },
      },
    });
    expect(Object.keys(history.body.data[0].data.changes).sort()).toEqual(['carouse_covers', 'max_price']);
    const noop = await call('PUT', `/api/projects/${p.id}`, staff, { max_price: '350', expectedVersion: 2 });
    expect(noop.status).toBe(409);
    expect(noop.body.err_msg).toMatch(/nothing was changed/);
  });

  it('ranks through an event and refuses bad command bodies with 400', async () => {
    const p = await create();
    const r = await send(p.id, { type: 'project.rank', ranking: 9, expectedVersion: 1 });
    expect(r.body.data.project.ranking).toBe(9);
    expect((await send(p.id, { type: 'project.rank', ranking: 'x', expectedVersion: 2 })).status).toBe(400);
    expect((await send(p.id, { type: 'project.fly', expectedVersion: 2 })).status).toBe(400);
    expect((await send(p.id, { type: 'project.edit', expectedVersion: 2 })).status).toBe(400);
    expect((await send(p.id, { type: 'project.show' })).body.err_msg).toMatch(/expectedVersion/);
    expect((await send(999_999, { type: 'project.show', expectedVersion: 1 })).status).toBe(404);
    expect((await call('GET', '/api/projects/abc', staff)).status).toBe(400);
  });
});

describe('GET /api/projects: search, filters, sort, pagination', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    await t.db.deleteFrom('projects').execute();
    const made = [];
    for (const [i, name] of ['Zeta wash', 'Alpha wash', 'Gamma care', 'Beta wash'].entries()) {
      made.push(
        await create({ project_name: name, ranking: [3, 1, 4, 2][i], min_price: String(10 * (i + 1)) }),
      );
    }
    ids = made.map((p) => p.id);
    await send(ids[0], { type: 'project.show', expectedVersion: 1 });
    await send(ids[2], { type: 'project.close', expectedVersion: 1 }, admin);
  });

  const names = (r: { body: { data: Any } }) => r.body.data.items.map((p: Any) => p.project_name);

  it('sorts by ranking ascending by default, with the total', async () => {
    const r = await call('GET', '/api/projects', staff);
    expect(names(r)).toEqual(['Alpha wash', 'Beta wash', 'Zeta wash', 'Gamma care']);
    expect(r.body.data).toMatchObject({ total: 4, page: 1, page_size: 20 });
  });

  it('searches names and filters by display and enabled', async () => {
    expect(names(await call('GET', '/api/projects?q=WASH', staff))).toEqual([
      'Alpha wash',
      'Beta wash',
      'Zeta wash',
    ]);
    expect(names(await call('GET', '/api/projects?is_display=true', staff))).toEqual(['Zeta wash']);
    expect(names(await call('GET', '/api/projects?is_enabled=false', staff))).toEqual(['Gamma care']);
    expect(names(await call('GET', '/api/projects?q=%25', staff))).toEqual([]);
  });

  it('sorts by price and creation, and paginates with the total of all pages', async () => {
    expect(names(await call('GET', '/api/projects?sort=min_price&order=asc', staff))).toEqual([
      'Zeta wash',
      'Alpha wash',
      'Gamma care',
      'Beta wash',
    ]);
    expect(names(await call('GET', '/api/projects?sort=created_at', staff))[0]).toBe('Beta wash');
    const page2 = await call('GET', '/api/projects?page=2&page_size=3', staff);
    expect(names(page2)).toEqual(['Gamma care']);
    expect(page2.body.data.total).toBe(4);
  });

  it('gives the screen’s fields in a page, prices as yuan text, and every field in the record and the export', async () => {
    const renewable = await create({
      project_name: 'Hourly care',
      summary: 'Care by the hour',
      min_price: '99.5',
      max_price: '',
      kind: 'renewable',
      renewal_unit: 'hour',
      renewal_unit_price: '0.05',
    });
    try {
      const page = await call('GET', '/api/projects?q=hourly', staff);
      const item = page.body.data.items[0] as Json;
      expect(item).toMatchObject({
        id: renewable.id,
        min_price: '99.50',
        max_price: null,
        renewal_unit: 'hour',
        renewal_unit_price: '0.05',
      });
      expect(item).not.toHaveProperty('intro');
      expect(item).not.toHaveProperty('carouse_covers');
      const record = (await call('GET', `/api/projects/${renewable.id}`, staff)).body.data as Json;
      expect(record).toMatchObject({ ...item, intro: validForm().intro });
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/projects/export.csv?q=hourly',
        headers: staff,
      });
      expect(csv.statusCode).toBe(200);
      const [header, row] = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      const at = (name: string) => row!.split(',')[header!.split(',').indexOf(name)];
      expect([at('summary'), at('min_price'), at('max_price')]).toEqual(['Care by the hour', '99.50', '']);
    } finally {
      await t.db.deleteFrom('projects').where('id', '=', renewable.id).execute();
    }
  });

  it('refuses bad query parameters with 400 naming them', async () => {
    for (const q of ['sort=name', 'is_display=yes', 'page=0', 'page_size=101']) {
      const r = await call('GET', `/api/projects?${q}`, staff);
      expect(r.status).toBe(400);
      expect(r.body.data.field).toBe(q.split('=')[0]);
    }
  });

  it('filters by kind: normal or renewable (with its unit and price per unit)', async () => {
    await create({
      project_name: 'Delta renew',
      kind: 'renewable',
      renewal_unit: 'day',
      renewal_unit_price: '80',
    });
    expect(names(await call('GET', '/api/projects?kind=renewable', staff))).toEqual(['Delta renew']);
    expect(names(await call('GET', '/api/projects?kind=normal', staff))).not.toContain('Delta renew');
    const [renewable] = (await call('GET', '/api/projects?kind=renewable', staff)).body.data.items;
    expect(renewable).toMatchObject({ kind: 'renewable', renewal_unit: 'day', renewal_unit_price: '80.00' });
    expect((await call('GET', '/api/projects?kind=weekly', staff)).status).toBe(400);
  });

  it('rebuilds the projection from the log identical to the live rows', async () => {
    const live = await t.db.selectFrom('projects').selectAll().orderBy('id').execute();
    expect(await rebuildEntity(t.db, projectEntity)).toBeGreaterThanOrEqual(live.length);
    const rebuilt = await t.db.selectFrom('projects').selectAll().orderBy('id').execute();
    // the rebuild also brings back the rows this describe block deleted from the projection
    const byId = new Map(rebuilt.map((r) => [r.id, r]));
    for (const row of live) expect(byId.get(row.id)).toEqual(row);
  });
});

describe('demo seed', () => {
  it('creates a handful of projects through events, once', async () => {
    await t.db.deleteFrom('projects').execute();
    await seedProjects(t.db, { dataDir: t.dataDir });
    const first = await t.db.selectFrom('projects').selectAll().execute();
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(first.some((p) => p.is_display)).toBe(true);
    expect(first.some((p) => !p.is_enabled)).toBe(true);
    await seedProjects(t.db, { dataDir: t.dataDir });
    expect(await t.db.selectFrom('projects').selectAll().execute()).toHaveLength(first.length);
  });
});
