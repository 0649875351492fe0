import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// Saving one's basic information: the rules of src/contract/profile.ts on the server too, the email unique, the
// user info answered and read back.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(STAFF.email, STAFF.password);
});
afterAll(async () => t?.close());

const body = {
  email: STAFF.email,
  nickname: 'Bob Li',
  country_region: 'CN',
  area: 'Shanghai',
  address: '',
  profile: 'Customer service.',
};

/** The version my basic information is at now (the user info says it). */
async function currentVersion(): Promise<number> {
  const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
  return info.json().data.profileVersion;
}

/** A save, at the version it is at now unless one is given (a page loaded before another save). */
async function save(payload: Record<string, unknown>, expectedVersion?: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: bearer(token),
    payload: { expectedVersion: expectedVersion ?? (await currentVersion()), ...payload },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes read field by field
  return { status: res.statusCode, body: res.json() as { err_code: number; err_msg: string; data: any } };
}

describe('my basic information', () => {
  it('is saved trimmed and answered as my user info, which reads it back', async () => {
    const res = await save({ ...body, nickname: '  Bob L.  ', area: ' Pudong ', address: ' 1 Century Ave ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Bob L.',
      email: STAFF.email,
      countryRegion: 'CN',
      area: 'Pudong',
      address: '1 Century Ave',
      introduction: 'Customer service.',
      role: 'user',
    });
    const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(info.json().data).toMatchObject({ name: 'Bob L.', area: 'Pudong' });
  });

  it('is refused by the same rules as the form, naming the field, with the limits to show', async () => {
    const empty = await save({ ...body, area: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toMatchObject({ field: 'area', reason_key: 'user.profile.areaRequired' });
    // The English is the console's own words for the rule, never the key.
    expect(empty.body.err_msg).toBe('area: Enter your area.');
    const long = await save({ ...body, profile: Array(201).fill('word').join(' ') });
    expect(long.body.data).toMatchObject({
      field: 'profile',
      reason_key: 'user.profile.profileTooLong',
      values: { profileWords: 200 },
    });
    expect(long.body.err_msg).toBe('profile: At most 200 words.');
    expect((await save({ ...body, country_region: 'XX' })).body.data.field).toBe('country_region');
    expect((await save({ ...body, extra: 1 })).status).toBe(400);
    const { email: _email, ...missing } = body;
    expect((await save(missing)).status).toBe(400);
  });

  it('refuses a save from a page loaded before another save (409), instead of undoing that save', async () => {
    const loaded = await currentVersion();
    const first = await save({ ...body, nickname: 'Bob Li (Refunds)' }, loaded);
    expect(first.status).toBe(200);
    expect(first.body.data.profileVersion).toBe(loaded + 1);
    // The other page, opened before, changes only the area: refused, and the nickname stays.
    const stale = await save({ ...body, area: 'Suzhou' }, loaded);
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({
      reason_key: 'user.profile.changedElsewhere',
      expected_version: loaded,
      current_version: loaded + 1,
    });
    const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(info.json().data).toMatchObject({ name: 'Bob Li (Refunds)', area: 'Shanghai' });
    // A stale email change is refused as stale before its password is checked (no attempt spent on it).
    const staleEmail = await save(
      { ...body, email: 'bob.new@example.com', current_password: 'wrong' },
      loaded,
    );
    expect(staleEmail.status).toBe(409);
    expect(staleEmail.body.data).toMatchObject({ reason_key: 'user.profile.changedElsewhere' });
    // Without a version, it says one is needed.
    const unversioned = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(token),
      payload: body,
    });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().data).toMatchObject({ field: 'expectedVersion' });
  });

  it("cannot take another member's email, in any case", async () => {
    const res = await save({ ...body, email: ADMIN.email.toUpperCase(), current_password: STAFF.password });
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ reason_key: 'user.profile.emailTaken', field: 'email' });
    const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(info.json().data.email).toBe(STAFF.email);
  });

  it('may change my email with my password, which is then the one I sign in with', async () => {
    const without = await save({ ...body, email: 'bob.li@example.com' });
    expect(without.status).toBe(400);
    expect(without.body.data).toMatchObject({
      field: 'current_password',
      reason_key: 'user.password.currentRequired',
    });
    const wrong = await save({ ...body, email: 'bob.li@example.com', current_password: 'guess' });
    expect(wrong.body.data).toMatchObject({
      field: 'current_password',
      reason_key: 'user.password.wrongCurrent',
    });
    expect(
      (await save({ ...body, email: ' STAFF@example.com ' })).status,
      'the same email, differently written',
    ).toBe(200);
    const res = await save({ ...body, email: ' Bob.Li@Example.com ', current_password: STAFF.password });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('bob.li@example.com');
    expect(await t.login('bob.li@example.com', STAFF.password)).toBeTruthy();
    // This session now signs in with the new email: going back to the old one takes the password too.
    const back = await save({ ...body });
    expect(back.body.data).toMatchObject({ reason_key: 'user.password.currentRequired' });
    expect((await save({ ...body, current_password: STAFF.password })).status).toBe(200);
  });
});
