/**
 * The session of the signed-in staff member (SPEC §4, §6, §8).
 *
 * Invariants:
 * - a token (localStorage `token`, given as input) means signed in: with a token and no user loaded the machine
 *   fetches user info first; a failed fetch signs out (token and user cleared);
 * - `signedIn` always has a user with a role; `signedOut` never has a token;
 * - a failed login clears the token and keeps the reason as an ErrorText (err_code → i18n keys) for the login
 *   callout, its only display (the login call is quiet: no toast); a successful login clears every toast left
 *   from before (`toasts.clear`) and then welcomes; every way out of `signedIn` clears token, user info, and tells the app
 *   (`session.signedOut`) so it clears the route listener (tabs) and the server menu;
 * - the "Confirm logout" modal is open exactly in `signedIn.confirmingLogout`; "Re-Login" logs out and reloads.
 * I/O only through the named actors `login`, `fetchUserInfo`, `logout`; storage writes are named actions.
 */
import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import * as authApi from '@/services/auth';
import { clearToken, setToken } from '@/services/token';
import { getUserInfo, type Role, type UserInfo } from '@/services/user';
import { saveLoginConfig } from '@/services/preferences';
import { reloadPage } from '@/services/navigation';
import { errorTextOf, isThrottled, type ErrorText } from './apiErrors';
import type { ToastEmitted, ToastsClearEmitted } from './intents';

export type { Role, UserInfo };

export interface SessionInput {
  token: string | null;
  /** The login form's remembered user name ("remember password"). */
  remembered?: { rememberPassword: boolean; username: string };
}

export interface LoginValidation {
  username?: string;
  password?: string;
}

export interface SessionContext {
  token: string | null;
  user: UserInfo | null;
  validation: LoginValidation;
  /** The last login failure: `key` the callout's title (SPEC §8's text, or the throttling title), `reason`. */
  loginError: { key: string; reason: ErrorText } | null;
  /** Set when the user just logged in (welcome toast, redirect back from the login page). */
  justLoggedIn: boolean;
  remembered: { rememberPassword: boolean; username: string };
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string; remember: boolean }
  | { type: 'session.logout' }
  | { type: 'session.expired'; message?: string }
  | { type: 'session.relogin' }
  | { type: 'session.stay' }
  | { type: 'session.switchRole' }
  | { type: 'session.editCredentials' }
  /** The member saved their own basic information: the user info the server answered with. */
  | { type: 'session.userUpdated'; user: UserInfo };

export type SessionEmitted =
  | ToastEmitted
  | ToastsClearEmitted
  | { type: 'session.signedIn'; justLoggedIn: boolean }
  | { type: 'session.signedOut'; reason: 'logout' | 'userInfoFailed' | 'relogin' }
  | { type: 'session.roleSwitched'; role: Role };

export const LOGIN_KEYS = {
  usernameEmpty: 'login.form.userName.errMsg',
  passwordEmpty: 'login.form.password.errMsg',
  loginFailed: 'login.form.login.errMsg',
  throttled: 'login.form.login.throttled',
  welcome: 'login.form.login.success',
} as const;

/** Pure validation of the login form (SPEC §5). */
export function validateLogin(username: string, password: string): LoginValidation {
  const v: LoginValidation = {};
  if (!username.trim()) v.username = LOGIN_KEYS.usernameEmpty;
  if (!password) v.password = LOGIN_KEYS.passwordEmpty;
  return v;
}

const loadedUser = (event: unknown): UserInfo | undefined => (event as { output?: UserInfo }).output;
const hasRole = (user: UserInfo | undefined) => user?.role === 'admin' || user?.role === 'user';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    login: fromPromise<string, { email: string; password: string }>(({ input }) => authApi.login(input)),
    fetchUserInfo: fromPromise<UserInfo>(() => getUserInfo()),
    logout: fromPromise<void>(() => authApi.logout()),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    credentialsValid: ({ event }) => {
      assertEvent(event, 'session.login');
      return Object.keys(validateLogin(event.username, event.password)).length === 0;
    },
    loadedUserHasRole: ({ event }) => hasRole(loadedUser(event)),
    loadedUserAfterLogin: ({ context, event }) => context.justLoggedIn && hasRole(loadedUser(event)),
  },
  actions: {
    showValidation: assign({
      validation: ({ event }) => {
        assertEvent(event, 'session.login');
        return validateLogin(event.username, event.password);
      },
      loginError: null,
    }),
    clearFormErrors: assign({ validation: {}, loginError: null }),
    rememberLogin: (_, params: { username: string; remember: boolean }) =>
      saveLoginConfig({
        rememberPassword: params.remember,
        username: params.remember ? params.username : '',
      }),
    acceptToken: assign({ token: (_, params: { token: string }) => params.token, justLoggedIn: true }),
    storeToken: ({ context }) => {
      if (context.token) setToken(context.token);
    },
    recordLoginFailure: assign({
      token: null,
      loginError: (_, params: { error: unknown }) => ({
        key: isThrottled(params.error) ? LOGIN_KEYS.throttled : LOGIN_KEYS.loginFailed,
        reason: errorTextOf(params.error),
      }),
    }),
    forgetToken: () => clearToken(),
    acceptUser: assign({ user: (_, params: { user: UserInfo }) => params.user }),
    clearSession: assign({ token: null, user: null, justLoggedIn: false }),
    toggleRole: assign({
      user: ({ context }) =>
        context.user ? { ...context.user, role: context.user.role === 'admin' ? 'user' : 'admin' } : null,
    }),
    announceRole: emit(({ context }) => ({
      type: 'session.roleSwitched' as const,
      role: context.user?.role ?? ('' as Role),
    })),
    clearToasts: emit({ type: 'toasts.clear' } as const),
    welcome: emit({ type: 'toast', intent: 'success', key: LOGIN_KEYS.welcome } as const),
    announceSignedIn: emit(({ context }) => ({
      type: 'session.signedIn' as const,
      justLoggedIn: context.justLoggedIn,
    })),
    announceSignedOut: emit((_, params: { reason: 'logout' | 'userInfoFailed' | 'relogin' }) => ({
      type: 'session.signedOut' as const,
      reason: params.reason,
    })),
    reloadPage: () => reloadPage(),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input?.token ?? null,
    user: null,
    validation: {},
    loginError: null,
    justLoggedIn: false,
    remembered: input?.remembered ?? { rememberPassword: true, username: '' },
  }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'loadingUser' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.login': [
          {
            guard: 'credentialsValid',
            target: 'loggingIn',
            actions: [
              'clearFormErrors',
              {
                type: 'rememberLogin',
                params: ({ event }) => ({ username: event.username.trim(), remember: event.remember }),
              },
            ],
          },
          { actions: 'showValidation' },
        ],
        'session.editCredentials': { actions: 'clearFormErrors' },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { email: event.username.trim(), password: event.password };
        },
        onDone: {
          target: 'loadingUser',
          actions: [{ type: 'acceptToken', params: ({ event }) => ({ token: event.output }) }, 'storeToken'],
        },
        onError: {
          target: 'signedOut',
          actions: [
            {
              type: 'recordLoginFailure',
              params: ({ event }) => ({ error: event.error }),
            },
            'forgetToken',
          ],
        },
      },
    },
    loadingUser: {
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        onDone: [
          {
            guard: 'loadedUserAfterLogin',
            target: 'signedIn',
            actions: [
              { type: 'acceptUser', params: ({ event }) => ({ user: event.output }) },
              'clearToasts',
              'welcome',
              'announceSignedIn',
            ],
          },
          {
            guard: 'loadedUserHasRole',
            target: 'signedIn',
            actions: [
              { type: 'acceptUser', params: ({ event }) => ({ user: event.output }) },
              'announceSignedIn',
            ],
          },
          {
            // A user without a usable role cannot be let in: treat it as a failed fetch.
            target: 'signedOut',
            actions: [
              'clearSession',
              'forgetToken',
              { type: 'announceSignedOut', params: { reason: 'userInfoFailed' } },
            ],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'announceSignedOut', params: { reason: 'userInfoFailed' } },
          ],
        },
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.switchRole': { actions: ['toggleRole', 'announceRole'] },
        // The role stays as it is in the console (a switched role is the member's choice, not the server's).
        'session.userUpdated': {
          actions: {
            type: 'acceptUser',
            params: ({ context, event }) => ({
              user: { ...event.user, role: context.user?.role ?? event.user.role },
            }),
          },
        },
      },
      states: {
        active: {
          on: { 'session.expired': { target: 'confirmingLogout' } },
        },
        confirmingLogout: {
          on: {
            'session.relogin': { target: '#session.reloggingIn' },
            'session.stay': { target: 'active' },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'announceSignedOut', params: { reason: 'logout' } },
          ],
        },
        // The server may already consider the token dead; signing out locally is what the user asked for.
        onError: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'announceSignedOut', params: { reason: 'logout' } },
          ],
        },
      },
    },
    reloggingIn: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'announceSignedOut', params: { reason: 'relogin' } },
            'reloadPage',
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'forgetToken',
            { type: 'announceSignedOut', params: { reason: 'relogin' } },
            'reloadPage',
          ],
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectRole = (s: SessionSnapshot): Role => s.context.user?.role ?? '';
export const selectIsSettled = (s: SessionSnapshot) => s.matches('signedIn') || s.matches('signedOut');
export const selectIsLoggingIn = (s: SessionSnapshot) => s.matches('loggingIn') || s.matches('loadingUser');
export const selectLoginValidation = (s: SessionSnapshot) => s.context.validation;
export const selectLoginError = (s: SessionSnapshot) => s.context.loginError;
export const selectConfirmingLogout = (s: SessionSnapshot) => s.matches({ signedIn: 'confirmingLogout' });
export const selectRemembered = (s: SessionSnapshot) => s.context.remembered;
export const selectIsReloggingIn = (s: SessionSnapshot) => s.matches('reloggingIn');
