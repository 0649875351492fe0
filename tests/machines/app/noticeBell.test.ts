import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  BELL_INTERVAL_MS,
  bellAuditStateOf,
  bellQueryOf,
  noticeBellMachine,
  selectBell,
} from '@/machines/app/noticeBellMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';

const ME = 7;

/** The bell of staff member ME; `count` answers the list query it sends, audit state first. */
function start(
  role: string | null,
  count: (auditState: string) => Promise<number>,
  interval = 20,
  userId: number | null = ME,
) {
  const queries: Record<string, string>[] = [];
  const fetch = vi.fn(count);
  const actor = createActor(
    noticeBellMachine.provide({
      actors: {
        fetchCount: fromPromise(({ input }) => {
          queries.push(input.query);
          return fetch(input.query.audit_state!);
        }),
      },
      delays: { refreshInterval: interval },
    }),
    { input: { role, userId } },
  ).start();
  return { actor, fetch, queries };
}

describe('whose action a notice waits for (the policy table)', () => {
  it('an admin, who may approve, is told of the notices waiting for audit; a user of the rejected ones', () => {
    expect(bellAuditStateOf('admin')).toBe('waiting_audit');
    expect(bellAuditStateOf('user')).toBe('reject');
  });
  it('nobody else has a bell (signed out, the apps)', () => {
    expect(bellAuditStateOf('')).toBeNull();
    expect(bellAuditStateOf(null)).toBeNull();
    expect(bellAuditStateOf('system')).toBeNull();
  });
  it("a writer's rejected notices are the ones they wrote; an approver's are everyone's", () => {
    expect(bellQueryOf('user', ME)).toEqual({ audit_state: 'reject', from_user_id: '7' });
    expect(bellQueryOf('admin', ME)).toEqual({ audit_state: 'waiting_audit' });
    expect(bellQueryOf('user', null)).toEqual({ audit_state: 'reject' });
    expect(bellQueryOf('', ME)).toBeNull();
  });
  it('refreshes every minute', () => {
    expect(BELL_INTERVAL_MS).toBe(60_000);
  });
});

describe('noticeBell behaviour', () => {
  it('counts on start, then again every interval, through the service', async () => {
    let n = 3;
    const { actor, fetch } = start('admin', async () => n++);
    await waitFor(actor, (s) => s.context.count === 3);
    expect(fetch).toHaveBeenCalledWith('waiting_audit');
    expect(selectBell(actor.getSnapshot())).toEqual({
      auditState: 'waiting_audit',
      count: 3,
      failed: false,
      href: '/notice/list?audit_state=waiting_audit',
    });
    await waitFor(actor, (s) => s.context.count === 5);
    actor.stop();
  });

  it('counts again at once when asked (a notice page opened)', async () => {
    let n = 1;
    const { actor, fetch, queries } = start('user', async () => n++, 60_000);
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'bell.refresh' });
    await waitFor(actor, (s) => s.matches('waiting') && s.context.count === 2);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['reject', 'reject']);
    expect(queries[0]).toEqual({ audit_state: 'reject', from_user_id: '7' });
    expect(selectBell(actor.getSnapshot())?.href).toBe('/notice/list?audit_state=reject&from_user_id=7');
    actor.stop();
  });

  it('keeps the last count when a round fails, says so, and tries again', async () => {
    let fail = false;
    const { actor } = start('admin', async () => {
      if (fail) throw new ApiError('Request Error', undefined, 0);
      return 4;
    });
    await waitFor(actor, (s) => s.context.count === 4);
    fail = true;
    await waitFor(actor, (s) => s.context.error !== null);
    expect(selectBell(actor.getSnapshot())).toMatchObject({ count: 4, failed: true });
    fail = false;
    await waitFor(actor, (s) => s.context.error === null && s.matches('waiting'));
    actor.stop();
  });

  it('asks the policy again on a role switch, forgetting the old count', async () => {
    const { actor, fetch } = start('admin', async (state) => (state === 'reject' ? 1 : 7), 60_000);
    await waitFor(actor, (s) => s.context.count === 7);
    actor.send({ type: 'bell.who', role: 'admin', userId: ME });
    expect(actor.getSnapshot().context.count, 'the same role changes nothing').toBe(7);
    actor.send({ type: 'bell.who', role: 'user', userId: ME });
    expect(actor.getSnapshot().context.count).toBeNull();
    await waitFor(actor, (s) => s.context.count === 1);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['waiting_audit', 'reject']);
    actor.send({ type: 'bell.who', role: '', userId: ME });
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(selectBell(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it("counts a writer's own rejected notices again once they are known (their info answered after the role)", async () => {
    const { actor, queries } = start('user', async () => 1, 60_000, null);
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(queries).toEqual([{ audit_state: 'reject' }]);
    actor.send({ type: 'bell.who', role: 'user', userId: ME });
    expect(actor.getSnapshot().context.count).toBeNull();
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(queries[1]).toEqual({ audit_state: 'reject', from_user_id: '7' });
    expect(selectBell(actor.getSnapshot())?.href).toBe('/notice/list?audit_state=reject&from_user_id=7');
    actor.send({ type: 'bell.who', role: 'user', userId: ME });
    expect(queries, 'the same staff member changes nothing').toHaveLength(2);
    actor.stop();
  });

  it('makes no call for someone who reads no notices', () => {
    const { actor, fetch } = start(null, async () => 1);
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    actor.stop();
  });
});

describeMachinePaths(noticeBellMachine, {
  input: { role: 'admin', userId: ME },
  skip: {
    'noticeBell.starting':
      'transient: left at once for loading (a role with a bell) or off; both walked, and checked above',
    'noticeBell|bell.who|0':
      'lands in the transient `starting`; its exits (loading, off) are walked, the switch is checked above',
  },
  events: (s) => [
    { type: 'xstate.done.actor.fetchCount', output: 2 },
    { type: 'xstate.error.actor.fetchCount', error: new Error('x') },
    { type: 'xstate.after.refreshInterval.noticeBell.waiting' },
    { type: 'bell.refresh' },
    {
      type: 'bell.who',
      role: s.context.role === 'admin' ? 'user' : s.context.role === 'user' ? '' : 'admin',
      userId: ME,
    },
  ],
});
