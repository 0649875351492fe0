import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEntity } from '../../server/kit/rebuild';
import { activityEntity } from '../../server/modules/activities/module';
import { activityPhaseAt } from '../../src/machines/lifecycles/activityMachine';
import { callAs } from './support/apps';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// Activities over HTTP: staff write, publish, edit, withdraw and end them; the state a list or a detail shows
// follows the clock with no request having moved it; bad input is an envelope with a reason key; a rebuild from the
// log gives the same rows.

let app: TestApp;
let staff: string;

beforeAll(async () => {
  app = await createTestApp();
  staff = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await app?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callAs(app, staff, method, url, payload);
const send = (id: number, version: number, command: Record<string, unknown>) =>
  call('POST', `/api/activities/${id}/events`, { ...command, expectedVersion: version });
const save = (id: number, version: number, fields: Record<string, unknown>) =>
  call('PUT', `/api/activities/${id}`, { ...fields, expectedVersion: version });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SECOND = 1000;
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function cityAndProject() {
  const city = (await call('GET', '/api/service-cities?is_enabled=true&page_size=1')).body.data.items[0];
  const project = (await call('GET', '/api/projects?is_enabled=true&page_size=1')).body.data.items[0];
  return { city: city.name as string, project: project as { id: number; project_name: string } };
}

async function write(fields: Record<string, unknown> = {}) {
  const { city, project } = await cityAndProject();
  const res = await call('POST', '/api/activities', {
    title: 'Autumn offer',
    content: '<p>10% off</p>',
    starts_at: at(DAY),
    ends_at: at(2 * DAY),
    cities: [city],
    project_ids: [project.id],
    ...fields,
  });
  expect(res.status, res.body.err_msg).toBe(200);
  return res.body.data as { id: number; version: number; state: string };
}

describe('activities', () => {
  it('the demo seed has an activity in every state, counted by state, each as the clock places it', async () => {
    const list = await call('GET', '/api/activities?page_size=100');
    expect(list.status).toBe(200);
    const { counts, items, total } = list.body.data;
    for (const state of ['draft', 'scheduled', 'running', 'ended'])
      expect(counts[state], state).toBeGreaterThan(0);
    expect(counts.draft + counts.scheduled + counts.running + counts.ended).toBe(counts.all);
    expect(items.length).toBe(total);
    // The list's SQL and the machine's rule say the same for every published activity.
    const now = new Date().toISOString();
    for (const a of items.filter((i: { is_published: boolean }) => i.is_published)) {
      expect(a.state, a.title).toBe(activityPhaseAt({ startsAt: a.starts_at, endsAt: a.ends_at }, now));
    }
    const running = await call('GET', '/api/activities?tab=running&is_enabled=false');
    expect(running.body.data.items.map((a: { title: string }) => a.title)).toEqual(['Renewal bonus']);
  });

  it('follows the clock: scheduled, then running when its start passes, with no request in between', async () => {
    // Starts a few seconds ahead: time enough to publish it before, even on a busy machine.
    const draft = await write({ title: 'Flash sale', starts_at: at(5 * SECOND), ends_at: at(DAY) });
    expect(draft).toMatchObject({ state: 'draft', version: 1 });
    const published = await send(draft.id, 1, { type: 'activity.publish' });
    expect(published.status, published.body.err_msg).toBe(200);
    expect(published.body.data.activity.state).toBe('scheduled');
    const scheduled = await call('GET', '/api/activities?tab=scheduled&q=Flash');
    expect(scheduled.body.data.items.map((a: { id: number }) => a.id)).toEqual([draft.id]);
    const { starts_at } = (await call('GET', `/api/activities/${draft.id}`)).body.data;
    await sleep(Date.parse(starts_at) - Date.now() + 200);
    const detail = await call('GET', `/api/activities/${draft.id}`);
    expect(detail.body.data).toMatchObject({ state: 'running', version: 2 });
    const running = await call('GET', '/api/activities?tab=running&q=Flash');
    expect(running.body.data.items.map((a: { id: number }) => a.id)).toEqual([draft.id]);
    expect(running.body.data.counts.scheduled).toBe(0);

    // Running: what the apps show may improve, not what it applies to.
    const renamed = await save(draft.id, 2, { title: 'Other title' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.data.reason_key).toBe('activity.reason.runningFields');
    // An end after its start but already past; one before its start is no window at all.
    const passed = new Date(Date.parse(starts_at) + 100).toISOString();
    const past = await save(draft.id, 2, { ends_at: passed });
    expect(past.body.data.reason_key).toBe('activity.reason.endNotAhead');
    const backwards = await save(draft.id, 2, { ends_at: at(-DAY) });
    expect(backwards.body.data.reason_key).toBe('activity.reason.invalidEdit');
    const longer = await save(draft.id, 2, { ends_at: at(3 * DAY), content: '<p>15% off</p>' });
    expect(longer.status, longer.body.err_msg).toBe(200);
    expect(longer.body.data.activity).toMatchObject({ state: 'running', content: '<p>15% off</p>' });
    const withdrawn = await send(draft.id, 3, { type: 'activity.withdraw' });
    expect(withdrawn.body.data.reason_key).toBe('activity.reason.notScheduled');

    const ended = await send(draft.id, 3, { type: 'activity.end' });
    expect(ended.body.data.activity.state).toBe('ended');
    expect(Date.parse(ended.body.data.activity.ends_at)).toBeLessThanOrEqual(Date.now());
    const edit = await save(draft.id, 4, { content: '<p>Too late</p>' });
    expect(edit.body.data.reason_key).toBe('activity.reason.ended');
    const history = await call('GET', `/api/activities/${draft.id}/events`);
    expect(history.body.data.map((e: { type: string }) => e.type)).toEqual([
      'ActivityEndedEarly',
      'ActivityEdited',
      'ActivityPublished',
      'ActivityCreated',
    ]);
  });

  it('is not published while a city or a project it names has closed since it was written', async () => {
    const admin = await app.login(ADMIN.email, ADMIN.password);
    const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      callAs(app, admin, method, url, payload);
    const city = (await asAdmin('POST', '/api/service-cities', { name: 'Huzhou' })).body.data;
    const { project } = await cityAndProject();
    const a = await write({ cities: ['Huzhou'], project_ids: [project.id] });
    const cityCommand = async (type: string) => {
      const { version } = (await asAdmin('GET', `/api/service-cities/${city.id}`)).body.data;
      expect(
        (await asAdmin('POST', `/api/service-cities/${city.id}/events`, { type, expectedVersion: version }))
          .status,
      ).toBe(200);
    };
    const projectCommand = async (type: string) => {
      const { version } = (await asAdmin('GET', `/api/projects/${project.id}`)).body.data;
      expect(
        (await asAdmin('POST', `/api/projects/${project.id}/events`, { type, expectedVersion: version }))
          .status,
      ).toBe(200);
    };
    await cityCommand('serviceCity.close');
    const cityClosed = await send(a.id, 1, { type: 'activity.publish' });
    expect(cityClosed.status).toBe(400);
    expect(cityClosed.body.data).toMatchObject({ reason_key: 'activity.validation.noCity', field: 'cities' });
    await cityCommand('serviceCity.enable');
    await projectCommand('project.close');
    const projectClosed = await send(a.id, 1, { type: 'activity.publish' });
    expect(projectClosed.body.data).toMatchObject({
      reason_key: 'activity.validation.noProject',
      field: 'project_ids',
    });
    await projectCommand('project.enable');
    // Both open again: it is published, and nothing was written by the refusals.
    const published = await send(a.id, 1, { type: 'activity.publish' });
    expect(published.status, published.body.err_msg).toBe(200);
    expect(published.body.data.activity).toMatchObject({ version: 2, state: 'scheduled' });
  });

  it('follows a service city’s rename in every state, in the rename’s transaction; a refused rename changes none', async () => {
    const admin = await app.login(ADMIN.email, ADMIN.password);
    const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      callAs(app, admin, method, url, payload);
    const { city: other, project } = await cityAndProject();
    const city = (await asAdmin('POST', '/api/service-cities', { name: 'Jinhua' })).body.data;
    await asAdmin('POST', '/api/service-cities', { name: 'Lishui' });
    const draft = await write({ cities: [other, 'Jinhua'], project_ids: [project.id] });
    const scheduled = await write({ cities: ['Jinhua'], project_ids: [project.id] });
    expect((await send(scheduled.id, 1, { type: 'activity.publish' })).status).toBe(200);
    const elsewhere = await write({ cities: [other], project_ids: [project.id] });
    const read = async (id: number) => (await call('GET', `/api/activities/${id}`)).body.data;
    const rename = async (name: string) =>
      asAdmin('PUT', `/api/service-cities/${city.id}`, {
        name,
        expectedVersion: (await asAdmin('GET', `/api/service-cities/${city.id}`)).body.data.version,
      });

    const taken = await rename('lishui');
    expect(taken.status).toBe(409);
    expect((await read(draft.id)).cities).toEqual([other, 'Jinhua']);

    const renamed = await rename('Jinhua West');
    expect(renamed.status, renamed.body.err_msg).toBe(200);
    expect(await read(draft.id)).toMatchObject({ cities: [other, 'Jinhua West'], version: 2 });
    expect(await read(scheduled.id)).toMatchObject({
      cities: ['Jinhua West'],
      version: 3,
      state: 'scheduled',
    });
    expect(await read(elsewhere.id)).toMatchObject({ cities: [other], version: 1 });
    const byCity = async (name: string) =>
      (
        await call('GET', `/api/activities?page_size=100&city=${encodeURIComponent(name)}`)
      ).body.data.items.map((a: { id: number }) => a.id);
    expect(await byCity('Jinhua West')).toEqual(expect.arrayContaining([draft.id, scheduled.id]));
    expect(await byCity('Jinhua')).toEqual([]);
    const [fact] = (await call('GET', `/api/activities/${draft.id}/events`)).body.data;
    expect(fact).toMatchObject({
      type: 'ActivityCityRenamed',
      data: {
        from: 'Jinhua',
        to: 'Jinhua West',
        cause: { type: 'ServiceCityRenamed', service_city_id: city.id },
      },
    });
    // The draft written for the city is still published under its new name.
    const published = await send(draft.id, 2, { type: 'activity.publish' });
    expect(published.status, published.body.err_msg).toBe(200);
  });

  it('shows a project by its new name once it is renamed, in every state; other edits of the project change nothing', async () => {
    const { project } = await cityAndProject();
    const draft = await write({ project_ids: [project.id] });
    const read = async (id: number) => (await call('GET', `/api/activities/${id}`)).body.data;
    const edit = async (fields: Record<string, unknown>) => {
      const { version } = (await call('GET', `/api/projects/${project.id}`)).body.data;
      const res = await call('PUT', `/api/projects/${project.id}`, { ...fields, expectedVersion: version });
      expect(res.status, res.body.err_msg).toBe(200);
    };
    await edit({ summary: 'Now with windows.' });
    expect(await read(draft.id)).toMatchObject({ version: 1 });
    const name = `${project.project_name} plus`;
    await edit({ project_name: name });
    expect(await read(draft.id)).toMatchObject({ projects: [{ id: project.id, name }], version: 2 });
    const [fact] = (await call('GET', `/api/activities/${draft.id}/events`)).body.data;
    expect(fact).toMatchObject({
      type: 'ActivityProjectRenamed',
      data: {
        id: project.id,
        from: project.project_name,
        to: name,
        cause: { type: 'ProjectEdited', project_id: project.id },
      },
    });
    await edit({ project_name: project.project_name });
    expect((await read(draft.id)).projects).toEqual([{ id: project.id, name: project.project_name }]);
  });

  it('a scheduled activity is edited freely and withdrawn; one whose end has passed is not published', async () => {
    const a = await write();
    await send(a.id, 1, { type: 'activity.publish' });
    const renamed = await save(a.id, 2, {
      title: '  New name ',
      starts_at: at(2 * DAY),
      ends_at: at(5 * DAY),
    });
    expect(renamed.body.data.activity).toMatchObject({ title: 'New name', state: 'scheduled', version: 3 });
    const back = await send(a.id, 3, { type: 'activity.withdraw' });
    expect(back.body.data.activity).toMatchObject({ state: 'draft', is_published: false });
    const old = await save(a.id, 4, { starts_at: at(-3 * DAY), ends_at: at(-2 * DAY) });
    expect(old.status, old.body.err_msg).toBe(200);
    const refused = await send(a.id, 5, { type: 'activity.publish' });
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason_key).toBe('activity.reason.endPassed');
    const stale = await send(a.id, 4, { type: 'activity.close' });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    const closed = await send(a.id, 5, { type: 'activity.close' });
    expect(closed.body.data.activity).toMatchObject({ is_enabled: false, state: 'draft' });
  });

  it('keeps the cities’ own spelling and the projects’ names', async () => {
    const { city, project } = await cityAndProject();
    const a = await write({ cities: [` ${city.toLowerCase()} `], project_ids: [project.id] });
    const read = (await call('GET', `/api/activities/${a.id}`)).body.data;
    expect(read.cities).toEqual([city]);
    expect(read.projects).toEqual([{ id: project.id, name: project.project_name }]);
  });

  it('filters the list by one of its cities (in their own spelling), with the state tabs counted', async () => {
    const cities = (await call('GET', '/api/service-cities?is_enabled=true&page_size=2')).body.data.items.map(
      (c: { name: string }) => c.name,
    ) as string[];
    expect(cities).toHaveLength(2);
    const { project } = await cityAndProject();
    const both = await write({ cities, project_ids: [project.id] });
    const second = await write({ cities: [cities[1]], project_ids: [project.id] });
    const list = async (query: string) =>
      (await call('GET', `/api/activities?page_size=100&${query}`)).body.data as {
        items: { id: number; cities: string[] }[];
        total: number;
        counts: Record<string, number>;
      };
    for (const city of cities) {
      const page = await list(`city=${encodeURIComponent(city)}`);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((a) => a.cities.includes(city))).toBe(true);
      expect(page.total).toBe(page.items.length);
      expect(page.counts.draft).toBe(
        page.items.filter((a) => (a as { state?: string }).state === 'draft').length,
      );
    }
    const first = (await list(`city=${encodeURIComponent(cities[0]!)}`)).items.map((a) => a.id);
    expect(first).toContain(both.id);
    expect(first).not.toContain(second.id);
    expect((await list(`city=${encodeURIComponent(cities[1]!)}`)).items.map((a) => a.id)).toEqual(
      expect.arrayContaining([both.id, second.id]),
    );
    expect((await list('city=Atlantis')).total).toBe(0);
    // A quote or a bracket is a value like any other, never JSON or SQL.
    expect((await list(`city=${encodeURIComponent('"]} or 1=1 --')}`)).total).toBe(0);
    const tooLong = await call('GET', `/api/activities?city=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.err_code).toBe(400);
    expect(tooLong.body.data.field).toBe('city');
  });

  it('bad input answers 400 with the field and a reason key, and stores nothing', async () => {
    const { city, project } = await cityAndProject();
    const before = (await call('GET', '/api/activities?page_size=1')).body.data.total;
    const valid = {
      title: 'Offer',
      content: '<p>Text</p>',
      starts_at: at(DAY),
      ends_at: at(2 * DAY),
      cities: [city],
      project_ids: [project.id],
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, title: 'x'.repeat(21) }, 'title'],
      [{ ...valid, title: '   ' }, 'title'],
      [{ ...valid, content: '<p>  </p>' }, 'content'],
      [{ ...valid, content: '<script>alert(1)</script>' }, 'content'],
      [{ ...valid, cover: 'javascript:alert(1)' }, 'cover'],
      [{ ...valid, starts_at: 'tomorrow' }, 'starts_at'],
      [{ ...valid, starts_at: '1900-01-01T00:00:00Z' }, 'starts_at'],
      [{ ...valid, ends_at: '9999-12-31T23:59:00Z' }, 'ends_at'],
      [{ ...valid, ends_at: valid.starts_at }, 'ends_at'],
      [{ ...valid, cities: [] }, 'cities'],
      [{ ...valid, cities: ['Atlantis'] }, 'cities'],
      [{ ...valid, cities: [city, city.toUpperCase()] }, 'cities'],
      [{ ...valid, project_ids: [] }, 'project_ids'],
      [{ ...valid, project_ids: [99_999] }, 'project_ids'],
      [{ ...valid, state: 'running' }, 'state'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/activities', body);
      expect(res.status, `${field}: ${res.body.err_msg}`).toBe(400);
      expect(res.body.data.reason_key, field).toMatch(/^(errors\.validation|activity\.validation)\./);
      expect(JSON.stringify(res.body.data), field).toContain(field);
    }
    expect((await call('GET', '/api/activities?page_size=1')).body.data.total).toBe(before);
  });

  it('names its writer by name in the detail, the list and the CSV', async () => {
    const me = (await app.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', STAFF.email)
      .executeTakeFirstOrThrow()) as { id: number; name: string };
    const title = `Written by ${me.name}`;
    const { id } = await write({ title });
    const detail = (await call('GET', `/api/activities/${id}`)).body.data;
    expect(detail).toMatchObject({ created_by: me.id, created_by_name: me.name });
    const list = await call('GET', `/api/activities?q=${encodeURIComponent(title)}`);
    expect(list.body.data.items.map((a: { created_by_name: string }) => a.created_by_name)).toEqual([
      me.name,
    ]);
    const csv = await app.app.inject({
      method: 'GET',
      url: `/api/activities/export.csv?q=${encodeURIComponent(title)}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    const [header, line] = csv.body.replace('\uFEFF', '').trim().split('\n');
    const column = header!.split(',').indexOf('created_by');
    expect(line!.split(',')[column]).toBe(me.name);
  });

  it('exports the list as CSV with each state; a rebuild from the log gives the same rows', async () => {
    const csv = await app.app.inject({
      method: 'GET',
      url: '/api/activities/export.csv?tab=ended',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('id,title,state,starts_at');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(',ended,');
    const live = await app.db.selectFrom('activities').selectAll().orderBy('id').execute();
    await rebuildEntity(app.db, activityEntity);
    expect(await app.db.selectFrom('activities').selectAll().orderBy('id').execute()).toEqual(live);
  });
});
