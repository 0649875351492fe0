import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { WorkplaceDto } from '@/contract/workplace';
import {
  WORKPLACE_REFRESH_MS,
  changeOf,
  dayStarts,
  selectFigures,
  selectWork,
  workplaceMachine,
} from '@/machines/screens/workplaceMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

const figures = (orders: number, paid = 0) => ({
  orders,
  paid_fen: paid,
  commission_fen: 0,
  refunded_fen: 0,
});
const DTO: WorkplaceDto = {
  work: [
    { key: 'feedbackPending', count: 2 },
    { key: 'refundsToSend', count: 3, yours: 2 },
    { key: 'suppliersToAudit', count: 0 },
  ],
  figures: { today: figures(12, 30_000), yesterday: figures(10, 0), last_week: figures(0, 30_000) },
  events: [],
  help: [],
};

function start(answers: Array<() => Promise<WorkplaceDto>>, interval = 60_000) {
  const fetch = vi.fn(() => (answers.shift() ?? (() => Promise.resolve(DTO)))());
  const actor = createActor(
    workplaceMachine.provide({
      actors: { fetchWorkplace: fromPromise(() => fetch()) },
      delays: { refreshInterval: interval },
    }),
  ).start();
  return { actor, fetch };
}

const failure = () => Promise.reject(new ApiError('Request Error', undefined, 0));

describe('days where the member is', () => {
  it('start at local midnight: today, yesterday, the same weekday last week', () => {
    const now = new Date(2026, 10, 26, 15, 42, 7);
    expect(dayStarts(now)).toEqual({
      today: new Date(2026, 10, 26).toISOString(),
      yesterday: new Date(2026, 10, 25).toISOString(),
      last_week: new Date(2026, 10, 19).toISOString(),
    });
  });
  it('cross a month and a year', () => {
    expect(dayStarts(new Date(2027, 0, 3, 0, 0, 1))).toEqual({
      today: new Date(2027, 0, 3).toISOString(),
      yesterday: new Date(2027, 0, 2).toISOString(),
      last_week: new Date(2026, 11, 27).toISOString(),
    });
  });
});

describe('the figures compared', () => {
  it('change in whole percent, and nothing to compare with when there was nothing', () => {
    expect(changeOf(12, 10)).toBe(20);
    expect(changeOf(5, 10)).toBe(-50);
    expect(changeOf(10, 10)).toBe(0);
    expect(changeOf(1, 3)).toBe(-67);
    expect(changeOf(3, 0)).toBeNull();
    expect(changeOf(0, 0)).toBeNull();
  });
  it('are today beside yesterday and last week, each figure in order', async () => {
    const { actor } = start([() => Promise.resolve(DTO)]);
    await until(actor, (s) => s.matches('ready'));
    expect(selectFigures(actor.getSnapshot())).toEqual([
      { key: 'orders', today: 12, yesterday: 10, lastWeek: 0, vsYesterday: 20, vsLastWeek: null },
      { key: 'paid_fen', today: 30_000, yesterday: 0, lastWeek: 30_000, vsYesterday: null, vsLastWeek: 0 },
      { key: 'commission_fen', today: 0, yesterday: 0, lastWeek: 0, vsYesterday: null, vsLastWeek: null },
      { key: 'refunded_fen', today: 0, yesterday: 0, lastWeek: 0, vsYesterday: null, vsLastWeek: null },
    ]);
    actor.stop();
  });
  it('are nothing before the first answer', () => {
    const { actor } = start([() => new Promise(() => {})]);
    expect(selectFigures(actor.getSnapshot())).toBeNull();
    expect(selectWork(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });
});

describe('the work waiting', () => {
  it("is shown in the declaration's order, each count opening its list filtered the same way", async () => {
    const { actor } = start([() => Promise.resolve(DTO)]);
    await until(actor, (s) => s.matches('ready'));
    expect(selectWork(actor.getSnapshot())).toEqual([
      { key: 'suppliersToAudit', count: 0, yours: 0, href: '/supply/list?audit_state=waiting_audit' },
      // Of the refunds to send, the member granted two: another sends those (four-eyes).
      { key: 'refundsToSend', count: 3, yours: 2, href: '/order/refund?tab=granted' },
      { key: 'feedbackPending', count: 2, yours: 0, href: '/feedback/feedbacklist?tab=pending' },
    ]);
    actor.stop();
  });
});

describe('workplace behaviour', () => {
  it('loads, then again every interval, keeping what it shows while it does', async () => {
    let release: (dto: WorkplaceDto) => void = () => {};
    const { actor, fetch } = start(
      [() => Promise.resolve(DTO), () => new Promise<WorkplaceDto>((resolve) => (release = resolve))],
      20,
    );
    await until(actor, (s) => s.matches('refreshing'));
    expect(actor.getSnapshot().context.data).toEqual(DTO);
    const next = { ...DTO, work: [{ key: 'feedbackPending', count: 5 }] };
    release(next);
    await until(actor, (s) => s.matches('ready') && s.context.data === next);
    expect(fetch).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a failed first load offers a retry; a failed refresh keeps the figures and says so, until one succeeds', async () => {
    const { actor } = start([failure, () => Promise.resolve(DTO), failure]);
    await until(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'workplace.retry' });
    await until(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'workplace.refresh' });
    await until(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.data).toEqual(DTO);
    actor.send({ type: 'workplace.refresh' });
    await until(actor, (s) => s.matches('ready') && s.context.error === null);
    actor.stop();
  });

  it('refreshes every minute', () => {
    expect(WORKPLACE_REFRESH_MS).toBe(60_000);
  });
});

describeMachinePaths(workplaceMachine, {
  events: [
    { type: 'xstate.done.actor.fetchWorkplace', output: DTO },
    { type: 'xstate.error.actor.fetchWorkplace', error: new Error('x') },
    { type: 'xstate.after.refreshInterval.workplace.ready' },
    { type: 'workplace.refresh' },
    { type: 'workplace.retry' },
  ],
});
