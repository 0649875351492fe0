/**
 * The navbar's notice bell: how many notices wait for this staff member's action. Whose action a notice waits
 * for is the policy table's answer, not a role named here: whoever may approve notices (`notice.approve`) is
 * told of those waiting for audit; whoever may only write them, of the rejected ones they wrote, theirs to fix.
 * Someone who may not read notices has no bell.
 *
 * Invariants:
 * - the count is loaded on start and again every `refreshInterval` (60 s) while the bell is on, and at once on
 *   `bell.refresh` (a notice page was opened);
 * - a failed load keeps the last count and says so (`error`); the next round tries again;
 * - a role change (the client-side role switch) asks the policy again, forgets the old count and loads anew.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { mayRole } from '@/contract/policy';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { countNotices } from '@/services/notices';

/** The audit state whose notices wait for `role`'s action, or null when the role does not read notices. */
export type BellAuditState = 'waiting_audit' | 'reject';

export function bellAuditStateOf(role: string | null | undefined): BellAuditState | null {
  if (!mayRole(role, 'notice.read')) return null;
  return mayRole(role, 'notice.approve') ? 'waiting_audit' : 'reject';
}

/** The notice list's query of the notices waiting for this staff member, or null when there is no bell. */
export function bellQueryOf(
  role: string | null | undefined,
  userId: number | null,
): Record<string, string> | null {
  const auditState = bellAuditStateOf(role);
  if (auditState === null) return null;
  if (auditState === 'reject' && userId !== null)
    return { audit_state: auditState, from_user_id: String(userId) };
  return { audit_state: auditState };
}

export const BELL_INTERVAL_MS = 60_000;

export interface NoticeBellInput {
  role: string | null;
  /** The signed-in staff member (whose rejected notices are theirs to fix). */
  userId: number | null;
}

export interface NoticeBellContext {
  role: string | null;
  userId: number | null;
  auditState: BellAuditState | null;
  /** null until the first answer. */
  count: number | null;
  error: ErrorText | null;
}

export type NoticeBellEvent =
  | { type: 'bell.refresh' }
  /** Who is signed in now: a role switch, or the staff member known (their user info answered after the role). */
  | { type: 'bell.who'; role: string | null; userId: number | null };

export const noticeBellMachine = setup({
  types: {
    context: {} as NoticeBellContext,
    events: {} as NoticeBellEvent,
    input: {} as NoticeBellInput,
  },
  actors: {
    fetchCount: fromPromise<number, { query: Record<string, string> }>(({ input }) =>
      countNotices(input.query),
    ),
  },
  delays: {
    refreshInterval: BELL_INTERVAL_MS,
  },
  guards: {
    hasBell: ({ context }) => context.auditState !== null,
    whoChanged: ({ context, event }) =>
      event.type === 'bell.who' && (event.role !== context.role || event.userId !== context.userId),
  },
  actions: {
    takeWho: assign(({ event }) => {
      const { role, userId } = event.type === 'bell.who' ? event : { role: null, userId: null };
      return { role, userId, auditState: bellAuditStateOf(role), count: null, error: null };
    }),
    storeCount: assign({
      count: ({ event }) => (event as unknown as { output: number }).output,
      error: null,
    }),
    storeError: assign({ error: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'noticeBell',
  context: ({ input }) => ({
    role: input.role,
    userId: input.userId,
    auditState: bellAuditStateOf(input.role),
    count: null,
    error: null,
  }),
  on: {
    'bell.who': { guard: 'whoChanged', target: '.starting', reenter: true, actions: 'takeWho' },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasBell', target: 'loading' }, { target: 'off' }],
    },
    /** This role reads no notices: no bell, no calls. */
    off: {},
    loading: {
      invoke: {
        id: 'fetchCount',
        src: 'fetchCount',
        input: ({ context }) => ({ query: bellQueryOf(context.role, context.userId)! }),
        onDone: { target: 'waiting', actions: 'storeCount' },
        onError: { target: 'waiting', actions: 'storeError' },
      },
    },
    waiting: {
      after: { refreshInterval: 'loading' },
      on: { 'bell.refresh': 'loading' },
    },
  },
});

export type NoticeBellSnapshot = SnapshotFrom<typeof noticeBellMachine>;

/** The bell as the navbar shows it: the list it leads to and the count; null when there is no bell. */
export function selectBell(s: NoticeBellSnapshot): {
  auditState: BellAuditState;
  count: number | null;
  failed: boolean;
  href: string;
} | null {
  const { auditState, count, error, role, userId } = s.context;
  const query = bellQueryOf(role, userId);
  if (auditState === null || query === null) return null;
  return { auditState, count, failed: error !== null, href: `/notice/list?${new URLSearchParams(query)}` };
}
