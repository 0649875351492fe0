/**
 * The route guard (SPEC §6, §9): every navigation goes through it before the page renders.
 *
 * Region `guard`: `route.enter` → `resolving` (the named actor `resolveAccess` waits for the session to settle —
 * user info fetched when a token exists — and, with menu-from-server on, for the server menu) → a decision by
 * the pure `decideNavigation`: `allowed`, `sendingToLogin` (redirect name + query kept), `redirecting` (first
 * permitted route; emits `route.denied` when the route asked for is one this role may not open) or `forbidden`
 * (403). A newer `route.enter` always supersedes an older one (`seq`).
 * Region `progress`: the top progress bar with NProgress's values (minimum 0.08, speed 200 ms, trickle 0.02
 * every 800 ms, spinner shown) — shown while resolving, completed and hidden once decided.
 *
 * Invariant: a decision in context always belongs to the target with the same `seq`.
 */
import { assign, enqueueActions, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  decideNavigation,
  type AccessFacts,
  type NavigationDecision,
  type RouteAccess,
  type RouteTarget,
} from './access';

export const PROGRESS = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: true,
} as const;

export interface RouteGuardInput {
  routes: RouteAccess[];
}

export interface RouteGuardContext {
  routes: RouteAccess[];
  seq: number;
  target: RouteTarget | null;
  decision: NavigationDecision | null;
  progress: number;
}

export type RouteGuardEvent = { type: 'route.enter'; target: RouteTarget } | { type: 'progress.done' };

/** Sent away from a route this role (or the server menu) does not open: the app says so where it lands. */
export type RouteGuardEmitted = { type: 'route.denied'; name: string };

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
    input: {} as RouteGuardInput,
    emitted: {} as RouteGuardEmitted,
  },
  actors: {
    /** Provided by the app: it knows the session, settings and server menu actors. */
    resolveAccess: fromPromise<AccessFacts, { target: RouteTarget }>(async () => {
      throw new Error('resolveAccess is provided by the app');
    }),
  },
  guards: {
    isAllowed: ({ context }) => context.decision?.kind === 'allow',
    needsLogin: ({ context }) => context.decision?.kind === 'login',
    hasFallbackRoute: ({ context }) => context.decision?.kind === 'redirect',
  },
  actions: {
    acceptTarget: assign({
      seq: ({ context }) => context.seq + 1,
      target: ({ event }) => (event.type === 'route.enter' ? event.target : null),
      decision: null,
    }),
    decide: assign({
      decision: ({ context }, params: { facts: AccessFacts }) =>
        context.target
          ? decideNavigation(context.target, params.facts, context.routes)
          : { kind: 'forbidden' as const },
    }),
    decideUnresolvable: assign({ decision: { kind: 'redirect', name: 'notFound' } as NavigationDecision }),
    startProgress: assign({ progress: PROGRESS.minimum }),
    trickle: assign({ progress: ({ context }) => Math.min(0.994, context.progress + PROGRESS.trickleRate) }),
    completeProgress: assign({ progress: 1 }),
    signalDone: raise({ type: 'progress.done' }),
    announceDenied: enqueueActions(({ context, enqueue }) => {
      const denied = context.decision?.kind === 'redirect' ? context.decision.denied : undefined;
      if (denied) enqueue.emit({ type: 'route.denied', name: denied });
    }),
  },
  delays: {
    trickleSpeed: PROGRESS.trickleSpeed,
    speed: PROGRESS.speed,
  },
}).createMachine({
  id: 'routeGuard',
  type: 'parallel',
  context: ({ input }) => ({ routes: input.routes, seq: 0, target: null, decision: null, progress: 0 }),
  states: {
    guard: {
      initial: 'idle',
      // `route.enter` is declared per state, not on `guard`: a re-entering transition on the region itself
      // would have the whole machine as its domain and cancel the progress region's transition.
      states: {
        idle: { on: { 'route.enter': { target: 'resolving', actions: 'acceptTarget' } } },
        resolving: {
          on: { 'route.enter': { target: 'resolving', reenter: true, actions: 'acceptTarget' } },
          invoke: {
            id: 'resolveAccess',
            src: 'resolveAccess',
            input: ({ context }) => ({ target: context.target! }),
            onDone: {
              target: 'deciding',
              actions: { type: 'decide', params: ({ event }) => ({ facts: event.output }) },
            },
            onError: { target: 'redirecting', actions: 'decideUnresolvable' },
          },
        },
        deciding: {
          always: [
            { guard: 'isAllowed', target: 'allowed' },
            { guard: 'needsLogin', target: 'sendingToLogin' },
            { guard: 'hasFallbackRoute', target: 'redirecting' },
            { target: 'forbidden' },
          ],
        },
        allowed: {
          entry: 'signalDone',
          on: { 'route.enter': { target: 'resolving', actions: 'acceptTarget' } },
        },
        sendingToLogin: {
          entry: 'signalDone',
          on: { 'route.enter': { target: 'resolving', actions: 'acceptTarget' } },
        },
        redirecting: {
          entry: ['signalDone', 'announceDenied'],
          on: { 'route.enter': { target: 'resolving', actions: 'acceptTarget' } },
        },
        forbidden: {
          entry: 'signalDone',
          on: { 'route.enter': { target: 'resolving', actions: 'acceptTarget' } },
        },
      },
    },
    progress: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'route.enter': { target: 'running', actions: 'startProgress' } },
        },
        running: {
          after: { trickleSpeed: { target: 'running', reenter: true, actions: 'trickle' } },
          on: { 'progress.done': { target: 'finishing', actions: 'completeProgress' } },
        },
        finishing: {
          after: { speed: { target: 'hidden' } },
          on: { 'route.enter': { target: 'running', actions: 'startProgress' } },
        },
      },
    },
  },
});

export type RouteGuardSnapshot = SnapshotFrom<typeof routeGuardMachine>;

/** The decision for navigation number `seq`, once made. */
export function selectDecisionFor(s: RouteGuardSnapshot, seq: number): NavigationDecision | null {
  if (s.context.seq !== seq) return null;
  if (s.matches({ guard: 'resolving' }) || s.matches({ guard: 'deciding' }) || s.matches({ guard: 'idle' }))
    return null;
  return s.context.decision;
}
export const selectProgress = (s: RouteGuardSnapshot) => ({
  visible: !s.matches({ progress: 'hidden' }),
  value: s.context.progress,
  spinner: PROGRESS.showSpinner && s.matches({ progress: 'running' }),
});
