import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  LOGIN_KEYS,
  sessionMachine,
  selectConfirmingLogout,
  selectRole,
} from '@/machines/app/sessionMachine';
import { ApiError } from '@/services/http';
import type { UserInfo } from '@/services/user';
import { getToken, setToken } from '@/services/token';
import { describeMachinePaths } from '../../support/machinePaths';

const admin: UserInfo = { name: 'Admin', role: 'admin', email: 'admin@example.com' };

function start(
  token: string | null,
  impl: {
    login?: (input: { email: string; password: string }) => Promise<string>;
    info?: () => Promise<UserInfo>;
    logout?: () => Promise<void>;
  } = {},
) {
  const reload = vi.fn();
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<string, { email: string; password: string }>(({ input }) =>
        (impl.login ?? (async () => 'tok-1'))(input),
      ),
      fetchUserInfo: fromPromise<UserInfo>(() => (impl.info ?? (async () => admin))()),
      logout: fromPromise<void>(() => (impl.logout ?? (async () => undefined))()),
    },
    actions: { reloadPage: reload },
  });
  const actor = createActor(machine, { input: { token } });
  const emitted: { type: string }[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, reload };
}

describe('session behaviour', () => {
  it('is signed out when no token is stored', () => {
    const { actor } = start(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('shows both validation messages and does not call the API when fields are empty', () => {
    const login = vi.fn(async () => 'never');
    const { actor } = start(null, { login });
    actor.send({ type: 'session.login', username: '  ', password: '', remember: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.validation).toEqual({
      username: LOGIN_KEYS.usernameEmpty,
      password: LOGIN_KEYS.passwordEmpty,
    });
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in with the username as email, stores the token, loads the user and welcomes', async () => {
    const login = vi.fn(async () => 'tok-42');
    const { actor, emitted } = start(null, { login });
    actor.send({ type: 'session.login', username: ' admin@example.com ', password: 'pw', remember: true });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(login).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'pw' });
    expect(getToken()).toBe('tok-42');
    expect(selectRole(actor.getSnapshot())).toBe('admin');
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'toast', key: LOGIN_KEYS.welcome }));
    expect(emitted).toContainEqual({ type: 'session.signedIn', justLoggedIn: true });
  });

  it('records the login failure and clears the token when the API refuses', async () => {
    setToken('stale');
    const { actor } = start(null, {
      login: async () => Promise.reject(new Error('Wrong email or password')),
    });
    actor.send({ type: 'session.login', username: 'a@b.c', password: 'bad', remember: false });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.loginError !== null);
    expect(actor.getSnapshot().context.loginError).toEqual({
      key: LOGIN_KEYS.loginFailed,
      reason: { keys: [], message: 'Wrong email or password' },
    });
    expect(getToken()).toBeNull();
  });

  it('keeps the err_code of a refused login as i18n keys, not the server text', async () => {
    const { actor, emitted } = start(null, {
      login: async () => Promise.reject(new ApiError('Incorrect email or password.', 40101, 401)),
    });
    actor.send({ type: 'session.login', username: 'a@b.c', password: 'bad', remember: false });
    await waitFor(actor, (s) => s.context.loginError !== null);
    expect(actor.getSnapshot().context.loginError).toEqual({
      key: LOGIN_KEYS.loginFailed,
      reason: { keys: ['errors.invalidCredentials'], message: 'Incorrect email or password.' },
    });
    expect(emitted.some((e) => e.type === 'toast')).toBe(false);
  });

  it('titles a throttled login differently and carries the minutes to wait', async () => {
    const { actor } = start(null, {
      login: async () =>
        Promise.reject(new ApiError('Too many attempts', 429, 429, { retry_after_seconds: 61 })),
    });
    actor.send({ type: 'session.login', username: 'a@b.c', password: 'bad', remember: false });
    await waitFor(actor, (s) => s.context.loginError !== null);
    expect(actor.getSnapshot().context.loginError).toEqual({
      key: LOGIN_KEYS.throttled,
      reason: {
        keys: ['errors.tooManyRequests'],
        values: { count: 2, minutes: 2 },
        message: 'Too many attempts',
      },
    });
  });

  it('clears old toasts before welcoming after a failed then successful login', async () => {
    let attempt = 0;
    const { actor, emitted } = start(null, {
      login: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Incorrect email or password.', 40101, 401);
        return 'tok-7';
      },
    });
    actor.send({ type: 'session.login', username: 'a@b.c', password: 'bad', remember: false });
    await waitFor(actor, (s) => s.context.loginError !== null);
    actor.send({ type: 'session.login', username: 'a@b.c', password: 'good', remember: false });
    expect(actor.getSnapshot().context.loginError).toBeNull();
    await waitFor(actor, (s) => s.matches('signedIn'));
    const types = emitted.map((e) => ('key' in e ? `${e.type}:${String(e.key)}` : e.type));
    expect(types.indexOf('toasts.clear')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('toasts.clear')).toBeLessThan(types.indexOf(`toast:${LOGIN_KEYS.welcome}`));
  });

  it('does not clear toasts when a stored token signs in (no login happened)', async () => {
    const { actor, emitted } = start('tok');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(emitted.some((e) => e.type === 'toasts.clear')).toBe(false);
  });

  it('fetches user info first when a token exists, and signs out when that fails', async () => {
    setToken('tok-old');
    const { actor, emitted } = start('tok-old', { info: async () => Promise.reject(new Error('50008')) });
    expect(actor.getSnapshot().value).toBe('loadingUser');
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(getToken()).toBeNull();
    expect(emitted).toContainEqual({ type: 'session.signedOut', reason: 'userInfoFailed' });
  });

  it('does not welcome a user restored from a stored token', async () => {
    const { actor, emitted } = start('tok');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(emitted.some((e) => e.type === 'toast')).toBe(false);
  });

  it('opens the Confirm logout modal on expiry; cancel stays, Re-Login logs out and reloads', async () => {
    setToken('tok');
    const logout = vi.fn(async () => undefined);
    const { actor, reload } = start('tok', { logout });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired' });
    expect(selectConfirmingLogout(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.stay' });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    actor.send({ type: 'session.expired' });
    actor.send({ type: 'session.relogin' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('Re-Login still signs out and reloads the page when the server logout fails', async () => {
    setToken('tok');
    const { actor, emitted, reload } = start('tok', {
      logout: async () => Promise.reject(new Error('down')),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired' });
    actor.send({ type: 'session.relogin' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(emitted).toContainEqual({ type: 'session.signedOut', reason: 'relogin' });
  });

  it('signs out locally even when the server logout fails', async () => {
    setToken('tok');
    const { actor, emitted, reload } = start('tok', {
      logout: async () => Promise.reject(new Error('down')),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(emitted).toContainEqual({ type: 'session.signedOut', reason: 'logout' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('switches the role between user and admin on the client', async () => {
    const { actor, emitted } = start('tok');
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.switchRole' });
    expect(selectRole(actor.getSnapshot())).toBe('user');
    actor.send({ type: 'session.switchRole' });
    expect(selectRole(actor.getSnapshot())).toBe('admin');
    expect(emitted.filter((e) => e.type === 'session.roleSwitched')).toHaveLength(2);
  });

  it("takes the member's saved basic information, keeping the role switched in the console", async () => {
    const { actor } = start('tok');
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.switchRole' });
    actor.send({ type: 'session.userUpdated', user: { ...admin, name: 'Alice W.', area: 'Tianjin' } });
    expect(actor.getSnapshot().context.user).toMatchObject({
      name: 'Alice W.',
      area: 'Tianjin',
      role: 'user',
    });
  });

  it('refuses a user without a usable role', async () => {
    const { actor } = start('tok', { info: async () => ({ role: '' }) });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.token).toBeNull();
  });
});

describeMachinePaths(sessionMachine, {
  input: { token: 'tok' },
  events: [
    { type: 'session.login', username: '', password: '', remember: false },
    { type: 'session.login', username: 'admin@example.com', password: 'pw', remember: true },
    { type: 'xstate.done.actor.login', output: 'tok-2' },
    { type: 'xstate.error.actor.login', error: new Error('refused') },
    { type: 'xstate.done.actor.fetchUserInfo', output: admin },
    { type: 'xstate.done.actor.fetchUserInfo', output: { role: '' } },
    { type: 'xstate.error.actor.fetchUserInfo', error: new Error('50008') },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: new Error('down') },
    { type: 'session.userUpdated', user: { ...admin, name: 'Alice W.' } },
  ],
  skip: { 'session.booting': 'transient: left at once by its eventless transitions, checked below' },
  // Context grows with nothing unbounded, but validation/error variants multiply vertices: state + flags.
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      token: Boolean(s.context.token),
      role: s.context.user?.role ?? null,
      just: s.context.justLoggedIn,
    }),
});
