import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, STAFF, type TestApp } from './support/testApp';

// Changing one's own password: the current one checked, the rule applied by the server too, the other sessions
// signed out and this one kept.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

async function change(token: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/password',
    headers: bearer(token),
    payload: body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes read field by field
  return { status: res.statusCode, body: res.json() as { err_code: number; err_msg: string; data: any } };
}
const info = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) }).then((r) => r.statusCode);

describe('changing my password', () => {
  it('refuses a wrong current password, a new one breaking the rule, and the same one, naming the field', async () => {
    const token = await t.login(STAFF.email, STAFF.password);
    const wrong = await change(token, { current_password: 'nope', new_password: 'New@Pass1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({
      field: 'current_password',
      reason_key: 'user.password.wrongCurrent',
    });
    const weak = await change(token, { current_password: STAFF.password, new_password: 'newpass1!' });
    expect(weak.status).toBe(400);
    expect(weak.body.data).toMatchObject({ field: 'new_password', reason_key: 'user.password.noUpper' });
    expect(weak.body.err_msg).toBe('new_password: Add an upper-case letter.');
    const same = await change(token, { current_password: STAFF.password, new_password: STAFF.password });
    expect(same.body.data).toMatchObject({ field: 'new_password', reason_key: 'user.password.unchanged' });
    const extra = await change(token, { current_password: STAFF.password, new_password: 'New@Pass1', x: 1 });
    expect(extra.status).toBe(400);
    expect(await info(token)).toBe(200);
  });

  it('signs out my other sessions, keeps this one, and the new password is the one that signs in', async () => {
    const here = await t.login(STAFF.email, STAFF.password);
    const elsewhere = await t.login(STAFF.email, STAFF.password);
    const other = await t.login('admin@example.com', 'Admin@123456');
    // Used just before: the server remembers that sign-in, and must forget it.
    expect(await info(elsewhere)).toBe(200);
    const done = await change(here, { current_password: STAFF.password, new_password: 'New@Pass1' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.signed_out_sessions).toBeGreaterThanOrEqual(1);
    expect(await info(here)).toBe(200);
    expect(await info(elsewhere)).toBe(401);
    expect(await info(other), "another member's session is theirs").toBe(200);
    await expect(t.login(STAFF.email, STAFF.password)).rejects.toThrow();
    const again = await t.login(STAFF.email, 'New@Pass1');
    expect(await info(again)).toBe(200);
    // Back, for the other tests of this file's database.
    await change(again, { current_password: 'New@Pass1', new_password: STAFF.password });
  });

  it('cannot be guessed here faster than at the login', async () => {
    const token = await t.login(STAFF.email, STAFF.password);
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await change(token, { current_password: `guess${i}`, new_password: 'New@Pass1' })).status,
      );
    expect(answers).toContain(429);
  });
});
