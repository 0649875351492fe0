import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  afterLoginTarget,
  decideNavigation,
  firstPermittedRoute,
  hasAccess,
  type AccessFacts,
  type RouteAccess,
  type RouteTarget,
} from '@/machines/app/access';
import {
  PROGRESS,
  routeGuardMachine,
  selectDecisionFor,
  selectProgress,
} from '@/machines/app/routeGuardMachine';
import { describeMachinePaths } from '../../support/machinePaths';

const routes: RouteAccess[] = [
  {
    name: 'dashboard',
    requiresAuth: true,
    roles: ['*'],
    order: 0,
    children: [
      { name: 'Workplace', requiresAuth: true, roles: ['*'] },
      { name: 'Monitor', requiresAuth: true, roles: ['admin'] },
    ],
  },
  {
    name: 'form',
    requiresAuth: true,
    roles: ['admin'],
    order: 3,
    children: [{ name: 'Step', requiresAuth: true, roles: ['admin'] }],
  },
  {
    name: 'list',
    requiresAuth: true,
    roles: ['*'],
    order: 2,
    children: [{ name: 'Card', requiresAuth: true, roles: ['*'] }],
  },
];

const target = (name: string, roles: string[] = ['*'], query: Record<string, string> = {}): RouteTarget => ({
  name,
  path: `/${name}`,
  query,
  requiresAuth: true,
  roles,
});
const facts = (over: Partial<AccessFacts> = {}): AccessFacts => ({
  authenticated: true,
  role: 'user',
  menuFromServer: false,
  serverMenuNames: null,
  ...over,
});

describe('access rule (SPEC §6)', () => {
  it('allows routes without auth, without roles, with * or with the role', () => {
    expect(hasAccess({ requiresAuth: false, roles: ['admin'] }, 'user')).toBe(true);
    expect(hasAccess({ requiresAuth: true }, 'user')).toBe(true);
    expect(hasAccess({ requiresAuth: true, roles: ['*'] }, 'user')).toBe(true);
    expect(hasAccess({ requiresAuth: true, roles: ['admin'] }, 'admin')).toBe(true);
    expect(hasAccess({ requiresAuth: true, roles: ['admin'] }, 'user')).toBe(false);
    expect(hasAccess({ requiresAuth: true, roles: ['admin'] }, '')).toBe(false);
  });

  it('sends an unauthenticated visitor to login with the target name and query', () => {
    expect(
      decideNavigation(target('Card', ['*'], { page: '2' }), facts({ authenticated: false }), routes),
    ).toEqual({
      kind: 'login',
      redirect: 'Card',
      query: { page: '2' },
    });
  });

  it('sends a user without access to the first permitted route in menu order', () => {
    expect(firstPermittedRoute(routes, 'user')).toBe('Workplace');
    expect(decideNavigation(target('Step', ['admin']), facts(), routes)).toEqual({
      kind: 'redirect',
      name: 'Workplace',
      denied: 'Step',
    });
  });

  it('falls back to 403 when nothing is permitted', () => {
    expect(decideNavigation(target('Step', ['admin']), facts(), [routes[1]!])).toEqual({ kind: 'forbidden' });
  });

  it('with menu from server, allows only routes in the menu or the white list', () => {
    const f = facts({ menuFromServer: true, serverMenuNames: ['list', 'Card'] });
    expect(decideNavigation(target('Card'), f, routes)).toEqual({ kind: 'allow' });
    expect(decideNavigation(target('Workplace'), f, routes)).toEqual({ kind: 'allow' });
    expect(decideNavigation(target('Monitor', ['*']), f, routes)).toEqual({
      kind: 'redirect',
      name: 'Workplace',
      denied: 'Monitor',
    });
  });

  it('returns to the redirect route after login, else to Workplace', () => {
    expect(afterLoginTarget({ redirect: 'Card', page: '2' })).toEqual({ name: 'Card', query: { page: '2' } });
    expect(afterLoginTarget({})).toEqual({ name: 'Workplace', query: {} });
  });
});

describe('routeGuard behaviour', () => {
  it('decides each navigation after resolving access, and the newest navigation wins', async () => {
    const resolvers: ((f: AccessFacts) => void)[] = [];
    const machine = routeGuardMachine.provide({
      actors: { resolveAccess: fromPromise(() => new Promise<AccessFacts>((r) => resolvers.push(r))) },
    });
    const actor = createActor(machine, { input: { routes } }).start();
    actor.send({ type: 'route.enter', target: target('Step', ['admin']) });
    expect(selectProgress(actor.getSnapshot())).toEqual({
      visible: true,
      value: PROGRESS.minimum,
      spinner: true,
    });
    actor.send({ type: 'route.enter', target: target('Card') });
    const seq = actor.getSnapshot().context.seq;
    resolvers[1]!(facts());
    await waitFor(actor, (s) => selectDecisionFor(s, seq) !== null);
    expect(selectDecisionFor(actor.getSnapshot(), seq)).toEqual({ kind: 'allow' });
    expect(selectProgress(actor.getSnapshot()).value).toBe(1);
    actor.stop();
  });

  it('goes to not-found when access cannot be resolved', async () => {
    const machine = routeGuardMachine.provide({
      actors: { resolveAccess: fromPromise(async () => Promise.reject(new Error('menu failed'))) },
    });
    const actor = createActor(machine, { input: { routes } }).start();
    actor.send({ type: 'route.enter', target: target('Card') });
    const denied: string[] = [];
    actor.on('route.denied', (e) => denied.push(e.name));
    await waitFor(actor, (s) => s.matches({ guard: 'redirecting' }));
    expect(actor.getSnapshot().context.decision).toEqual({ kind: 'redirect', name: 'notFound' });
    expect(denied, 'not a matter of the role').toEqual([]);
    actor.stop();
  });

  it('says which route it sent a role away from, once, and nothing for a route the role opens', async () => {
    const machine = routeGuardMachine.provide({
      actors: { resolveAccess: fromPromise(async () => facts()) },
    });
    const actor = createActor(machine, { input: { routes } }).start();
    const denied: string[] = [];
    actor.on('route.denied', (e) => denied.push(e.name));
    actor.send({ type: 'route.enter', target: target('Step', ['admin']) });
    await waitFor(actor, (s) => s.matches({ guard: 'redirecting' }));
    expect(denied).toEqual(['Step']);
    actor.send({ type: 'route.enter', target: target('Card') });
    await waitFor(actor, (s) => s.matches({ guard: 'allowed' }));
    expect(denied).toEqual(['Step']);
    actor.stop();
  });
});

describeMachinePaths(routeGuardMachine, {
  // Only admin routes: a `user` has no fallback there, so `forbidden` is reachable too.
  input: { routes: [routes[1]!] },
  events: [
    { type: 'route.enter', target: target('Card') },
    { type: 'route.enter', target: target('Step', ['admin']) },
    { type: 'xstate.done.actor.resolveAccess', output: facts() },
    { type: 'xstate.done.actor.resolveAccess', output: facts({ authenticated: false }) },
    { type: 'xstate.done.actor.resolveAccess', output: facts({ role: '' }) },
    { type: 'xstate.error.actor.resolveAccess', error: new Error('x') },
    { type: `xstate.after.trickleSpeed.routeGuard.progress.running` },
    { type: `xstate.after.speed.routeGuard.progress.finishing` },
  ],
  serializeState: (s) =>
    JSON.stringify({ v: s.value, t: s.context.target?.name ?? null, d: s.context.decision?.kind ?? null }),
  skip: {
    'routeGuard.guard.deciding': 'transient: left at once by its eventless transitions, checked below',
    'routeGuard.guard.resolving|xstate.done.actor.resolveAccess|0':
      'lands in the transient `deciding`; its eventless exits are checked below',
  },
});
