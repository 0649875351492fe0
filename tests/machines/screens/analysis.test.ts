import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  analysisMachine,
  dayBefore,
  defaultSettings,
  lastDays,
  type AnalysisData,
  type AnalysisSettings,
} from '@/machines/screens/analysisMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

/** A load answering with the settings it was asked for, or as told, one answer per call. */
function start(answers: Array<(s: AnalysisSettings) => Promise<AnalysisData>> = []) {
  const load = vi.fn((settings: AnalysisSettings) =>
    (answers.shift() ?? ((s: AnalysisSettings) => Promise.resolve({ settings: s, pivot: [] })))(settings),
  );
  const actor = createActor(
    analysisMachine.provide({
      actors: { load: fromPromise(({ input }) => load(input as AnalysisSettings)) },
    }),
  ).start();
  return { actor, load };
}

/** A promise and its resolver, to answer a load when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the range', () => {
  it('is the last days up to today where the member is, across months and years', () => {
    expect(dayBefore(new Date(2026, 0, 2, 23, 59), 3)).toBe('2025-12-30');
    expect(lastDays(30, new Date(2026, 10, 26, 8))).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(lastDays(1, new Date(2026, 2, 1))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(defaultSettings(new Date(2026, 10, 26))).toMatchObject({
      from: '2026-10-28',
      to: '2026-11-26',
      unit: 'day',
      measure: 'paid_fen',
    });
  });
});

describe('loading', () => {
  it('asks for the last 30 days at once, and shows what came back', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await until(actor, (s) => s.matches('ready'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]![0]).toEqual(defaultSettings());
    expect(actor.getSnapshot().context.data?.settings).toEqual(defaultSettings());
  });

  it('asks again for another range, period or grouping, keeping the figures shown meanwhile', async () => {
    const { actor, load } = start();
    await until(actor, (s) => s.matches('ready'));
    const shown = actor.getSnapshot().context.data;
    for (const change of [
      { from: '2026-01-01' },
      { to: '2026-02-01' },
      { unit: 'week' },
      { rows: 'month' },
      { columns: null },
    ] as const) {
      actor.send({ type: 'analysis.set', settings: change });
      expect(actor.getSnapshot().value, JSON.stringify(change)).toBe('loading');
      expect(actor.getSnapshot().context.data).not.toBeNull();
      await until(actor, (s) => s.matches('ready'));
    }
    expect(shown).not.toBe(actor.getSnapshot().context.data);
    expect(load).toHaveBeenCalledTimes(6);
    expect(load.mock.calls[5]![0]).toMatchObject({
      from: '2026-01-01',
      to: '2026-02-01',
      unit: 'week',
      rows: 'month',
      columns: null,
    });
  });

  it('only redraws for another measure, or for the same settings again', async () => {
    const { actor, load } = start();
    await until(actor, (s) => s.matches('ready'));
    actor.send({ type: 'analysis.set', settings: { measure: 'orders' } });
    actor.send({ type: 'analysis.set', settings: { unit: 'day' } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings.measure).toBe('orders');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the figures of the latest change when an earlier answer comes later', async () => {
    const first = deferred<AnalysisData>();
    const { actor } = start([() => first.promise]);
    actor.send({ type: 'analysis.set', settings: { from: '2026-09-01' } });
    await until(actor, (s) => s.matches('ready'));
    first.resolve({ settings: defaultSettings(), pivot: [] });
    await new Promise((r) => setTimeout(r, 10));
    expect(actor.getSnapshot().context.data?.settings.from).toBe('2026-09-01');
  });

  it('asks nothing for a range running backwards or too long, and asks once it is mended', async () => {
    const { actor, load } = start();
    await until(actor, (s) => s.matches('ready'));
    actor.send({ type: 'analysis.set', settings: { from: '2026-11-02', to: '2026-11-01' } });
    expect(actor.getSnapshot().value).toBe('invalid');
    actor.send({ type: 'analysis.set', settings: { from: '2024-01-01', to: '2026-01-01' } });
    expect(actor.getSnapshot().value).toBe('invalid');
    actor.send({ type: 'analysis.refresh' });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(load).toHaveBeenCalledTimes(1);
    actor.send({ type: 'analysis.set', settings: { from: '2024-01-02' } }); // 731 days: the longest
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'analysis.set', settings: { to: '2024-01-02' } }); // one day
    expect(actor.getSnapshot().value).toBe('loading');
    await until(actor, (s) => s.matches('ready'));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('says why a load failed, and tries again when asked', async () => {
    const { actor, load } = start([() => Promise.reject(new ApiError('Request Error', undefined, 0))]);
    await until(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'analysis.refresh' });
    await until(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'analysis.refresh' });
    expect(actor.getSnapshot().value).toBe('loading');
    await until(actor, (s) => s.matches('ready'));
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("the pivot's columns", () => {
  it('are dropped when they would repeat the rows or be a second period', async () => {
    const { actor } = start();
    await until(actor, (s) => s.matches('ready'));
    actor.send({ type: 'analysis.set', settings: { rows: 'project' } }); // the default columns are projects
    expect(actor.getSnapshot().context.settings).toMatchObject({ rows: 'project', columns: null });
    actor.send({ type: 'analysis.set', settings: { rows: 'week', columns: 'city' } });
    expect(actor.getSnapshot().context.settings).toMatchObject({ rows: 'week', columns: 'city' });
    actor.send({ type: 'analysis.set', settings: { columns: 'month' } });
    expect(actor.getSnapshot().context.settings.columns).toBeNull();
  });
});

const DATA: AnalysisData = { settings: defaultSettings(new Date(2026, 10, 26)), pivot: [] };

describeMachinePaths(analysisMachine, {
  events: [
    { type: 'xstate.done.actor.load', output: DATA },
    { type: 'xstate.error.actor.load', error: new Error('x') },
    { type: 'analysis.set', settings: { from: '2026-11-01', to: '2026-11-20' } },
    { type: 'analysis.set', settings: { from: '2026-11-20', to: '2026-11-01' } },
    { type: 'analysis.set', settings: { measure: 'orders' } },
    { type: 'analysis.refresh' },
  ],
  serializeState: (s) => JSON.stringify(s.value),
});
