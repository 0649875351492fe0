import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ACTIVITY_LIST, type ActivityDto } from '@/contract/activities';
import { activityPhaseOf } from '@/machines/lifecycles/activityLifecycle';
import {
  activityChanges,
  activityNextChangeAt,
  activityProblems,
  activityScreen,
  activitySnapshotOf,
  editableActivityFields,
  emptyActivityForm,
  formOfActivity,
} from '@/machines/screens/activityScreens';
import { localDateTimeOf } from '@/machines/screens/localTime';
import {
  detailScreenMachine,
  selectHasEdits,
  selectUnsaved,
  type DetailEntity,
  type Loaded,
} from '@/machines/screens/detailScreenMachine';
import { listScreenMachine } from '@/machines/screens/listScreenMachine';
import {
  CLOCK_BEHIND_RETRY_MS,
  CLOCK_MARGIN_MS,
  MAX_CLOCK_WAIT_MS,
  untilClockChange,
} from '@/machines/screens/screenEntity';
import type { ListResult, Versioned } from '@/services/entityApi';

// The activity screens' declaration, and how the kit's screens follow a state the clock moves.

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const SECOND = 1000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(NOW + ms).toISOString();

function row(over: Partial<ActivityDto> = {}): ActivityDto {
  return {
    id: 7,
    version: 2,
    title: 'Flash sale',
    cover: '',
    content: '<p>Half price</p>',
    starts_at: iso(10 * SECOND),
    ends_at: iso(DAY),
    cities: ['Shanghai'],
    projects: [{ id: 3, name: 'Deep clean' }],
    state: 'scheduled',
    is_published: true,
    is_enabled: true,
    created_by: 1,
    created_by_name: 'Admin',
    created_at: iso(-DAY),
    updated_at: iso(-DAY),
    ...over,
  };
}

describe('the activity screen declaration', () => {
  it('a row is the lifecycle in the state the server read, judged by the browser’s clock', () => {
    // The server said running: that is the state shown and judged, whatever the browser’s clock says.
    const running = activitySnapshotOf(row({ state: 'running' }), new Date(NOW));
    expect(activityPhaseOf(running)).toBe('running');
    expect(running.context.now).toBe(iso(0));
    expect(activityPhaseOf(activitySnapshotOf(row({ state: 'draft', is_published: false })))).toBe('draft');
  });

  it('says when the clock next changes a row: a scheduled one at its start, a running one at its end', () => {
    expect(activityNextChangeAt(row())).toBe(NOW + 10 * SECOND);
    expect(activityNextChangeAt(row({ state: 'running' }))).toBe(NOW + DAY);
    expect(activityNextChangeAt(row({ state: 'ended' }))).toBeNull();
    expect(activityNextChangeAt(row({ state: 'draft' }))).toBeNull();
    // The screens wait until the first of them, a margin after it, never more than a day.
    const rows = [row({ state: 'running' }), row(), row({ state: 'ended' })];
    expect(untilClockChange(activityScreen, rows, NOW)).toBe(10 * SECOND + CLOCK_MARGIN_MS);
    expect(untilClockChange(activityScreen, [row({ starts_at: iso(1) })], NOW)).toBe(1 + CLOCK_MARGIN_MS);
    // A row still scheduled after its start by the browser's clock: the server's clock is behind; not every second.
    expect(untilClockChange(activityScreen, [row({ starts_at: iso(-SECOND) })], NOW)).toBe(
      CLOCK_BEHIND_RETRY_MS,
    );
    expect(untilClockChange(activityScreen, [row({ starts_at: iso(0) })], NOW)).toBe(CLOCK_BEHIND_RETRY_MS);
    expect(untilClockChange(activityScreen, [row({ starts_at: iso(40 * DAY) })], NOW)).toBe(
      MAX_CLOCK_WAIT_MS,
    );
    expect(untilClockChange(activityScreen, [row({ state: 'ended' })], NOW)).toBeNull();
    expect(untilClockChange({ ...activityScreen, nextChangeAt: undefined }, [row()], NOW)).toBeNull();
  });

  it('offers every field of a draft or a scheduled activity, a running one’s content, cover and end, nothing once ended', () => {
    const all = ['title', 'cover', 'content', 'starts_at', 'ends_at', 'cities', 'project_ids'];
    expect([...editableActivityFields(null)].sort()).toEqual([...all].sort());
    expect([...editableActivityFields(row())].sort()).toEqual([...all].sort());
    expect([...editableActivityFields(row({ state: 'running' }))].sort()).toEqual([
      'content',
      'cover',
      'ends_at',
    ]);
    expect([...editableActivityFields(row({ state: 'ended' }))]).toEqual([]);
  });

  it('judges the form by the lifecycle’s rules and real times', () => {
    const form = formOfActivity(row());
    expect(activityProblems(form)).toEqual({});
    expect(
      activityProblems({
        ...form,
        title: ' ',
        content: '<p></p>',
        cover: 'javascript:x',
        ends_at: form.starts_at,
        cities: [],
        project_ids: [],
      }),
    ).toEqual({
      title: 'activity.validation.title',
      content: 'activity.validation.content',
      cover: 'activity.validation.cover',
      ends_at: 'activity.validation.window',
      cities: 'activity.validation.cities',
      project_ids: 'activity.validation.projects',
    });
    expect(activityProblems({ ...form, starts_at: 'soon' })).toEqual({
      starts_at: 'activity.form.timeInvalid',
    });
    expect(activityProblems({ ...form, starts_at: '1900-01-01T09:00', ends_at: '9999-01-01T09:00' })).toEqual(
      {
        starts_at: 'detail.time.years',
        ends_at: 'detail.time.years',
      },
    );
    // Published, its end stays ahead of now (the lifecycle's rule), said beside the end; a draft's may have passed.
    const running = row({ state: 'running', starts_at: iso(-DAY) });
    const endedNow = { ...formOfActivity(running), ends_at: localDateTimeOf(iso(-60_000)) };
    expect(activityProblems(endedNow, running, new Date(NOW))).toEqual({
      ends_at: 'activity.reason.endNotAhead',
    });
    expect(activityProblems(endedNow, { ...running, is_published: false }, new Date(NOW))).toEqual({});
    expect(activityProblems(endedNow, null, new Date(NOW)), 'a new one is a draft').toEqual({});
    const inAMinute = { ...endedNow, ends_at: localDateTimeOf(iso(2 * 60_000)) };
    expect(activityProblems(inAMinute, running, new Date(NOW))).toEqual({});
    // The screen judges a save by the record it edits.
    expect(activityScreen.problems(endedNow as never, '2026-11-26', running)).toHaveProperty('ends_at');
    // A new one starts tomorrow at a full hour, for a week; it needs a title, content, cities and projects.
    const empty = emptyActivityForm(new Date(NOW + 30 * 60_000));
    expect(Date.parse(empty.ends_at) - Date.parse(empty.starts_at)).toBe(7 * DAY);
    expect(new Date(empty.starts_at).getMinutes()).toBe(0);
    expect(Object.keys(activityProblems(empty)).sort()).toEqual([
      'cities',
      'content',
      'project_ids',
      'title',
    ]);
  });

  it('a save sends a new activity whole, an edit only what changed', () => {
    const r = row();
    const form = formOfActivity(r);
    expect(activityChanges(r, form)).toEqual({});
    expect(activityChanges(r, { ...form, title: ' Flash sale 2 ', cities: ['Shanghai', 'Beijing'] })).toEqual(
      {
        title: 'Flash sale 2',
        cities: ['Shanghai', 'Beijing'],
      },
    );
    expect(activityChanges(r, { ...form, project_ids: [3, 4] })).toEqual({ project_ids: [3, 4] });
    expect(activityChanges(null, form)).toEqual({
      title: 'Flash sale',
      cover: '',
      content: '<p>Half price</p>',
      starts_at: new Date(Math.floor(Date.parse(r.starts_at) / 60_000) * 60_000).toISOString(),
      ends_at: r.ends_at,
      cities: ['Shanghai'],
      project_ids: [3],
    });
  });

  it('a save of a running activity sends only what may still change: a title typed before it started is not sent', () => {
    const running = row({ state: 'running' });
    const form = formOfActivity(running);
    const typed = { ...form, title: '', content: '<p>Now a third off</p>' };
    expect(editableActivityFields(running).has('title')).toBe(false);
    const savable = activityScreen.savableForm!(running, typed as never);
    expect(savable).toEqual({ ...typed, title: form.title });
    expect(activityScreen.changes(running, savable)).toEqual({ content: '<p>Now a third off</p>' });
    // Nor does the locked field's typed value hold the save back with a problem.
    expect(activityScreen.problems(savable, '2026-12-07', running)).not.toHaveProperty('title');
    // While it may still change (scheduled), it is sent and judged as typed.
    expect(activityScreen.savableForm!(row(), typed as never)).toEqual(typed);
    expect(activityScreen.problems(typed as never, '2026-12-07', row())).toHaveProperty('title');
  });

  it('the list declaration: tabs are the four states, derived, not counted ahead', () => {
    expect(ACTIVITY_LIST.tabs).toEqual({
      column: 'state',
      values: ['draft', 'scheduled', 'running', 'ended'],
      derived: true,
    });
  });
});

describe('screens follow the clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  function detail(loads: ActivityDto[], saves: unknown[] = []) {
    let calls = 0;
    const machine = detailScreenMachine.provide({
      actors: {
        load: fromPromise(async (): Promise<Loaded> => ({
          record: loads[Math.min(calls++, loads.length - 1)]!,
          history: [],
        })),
        save: fromPromise(async ({ input }) => {
          saves.push(input);
          return { record: loads.at(-1)!, history: [] };
        }),
        lookups: fromPromise(async () => ({})),
      },
    });
    const actor = createActor(machine, {
      input: { id: 7, role: 'user', today: '2026-11-26', entity: activityScreen as DetailEntity },
    }).start();
    return { actor, loads: () => calls };
  }

  it('the detail reads the record again once its start has passed, and shows it running', async () => {
    const { actor, loads } = detail([row(), row({ state: 'running' })]);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(loads(), 'not before the margin').toBe(1);
    await vi.advanceTimersByTimeAsync(CLOCK_MARGIN_MS);
    await waitFor(actor, (s) => s.matches('editing') && loads() === 2);
    expect((actor.getSnapshot().context.record as ActivityDto).state).toBe('running');
    // Running until tomorrow: the next read is then, not sooner.
    await vi.advanceTimersByTimeAsync(DAY - 20 * SECOND);
    expect(loads()).toBe(2);
    actor.stop();
  });

  it('asks again after a while, not every second, when the server still shows a start the browser’s clock has passed', async () => {
    const behind = row({ starts_at: iso(-SECOND) });
    const { actor, loads } = detail([behind, behind, row({ state: 'running' })]);
    await waitFor(actor, (s) => s.matches('editing'));
    await vi.advanceTimersByTimeAsync(CLOCK_BEHIND_RETRY_MS - SECOND);
    expect(loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(SECOND);
    await waitFor(actor, (s) => s.matches('editing') && loads() === 2);
    await vi.advanceTimersByTimeAsync(CLOCK_BEHIND_RETRY_MS);
    await waitFor(actor, (s) => s.matches('editing') && loads() === 3);
    expect((actor.getSnapshot().context.record as ActivityDto).state).toBe('running');
    actor.stop();
  });

  it('a title typed before the start locks with it, and holds nothing back: leaving does not ask, a save says nothing changed', async () => {
    const saves: unknown[] = [];
    const { actor, loads } = detail([row(), row({ state: 'running' })], saves);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'title', value: 'Typed before the start' });
    expect(selectUnsaved(actor.getSnapshot()), 'while the title may still change').toBe(true);
    await vi.advanceTimersByTimeAsync(11 * SECOND);
    await waitFor(actor, (s) => s.matches('editing') && loads() === 2);
    // Running now: the title is locked as saved, so nothing typed can still be saved or lost.
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    expect(selectHasEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.save' });
    expect(saves).toEqual([]);
    // What may still change is saved alone.
    actor.send({ type: 'field.change', field: 'content', value: '<p>Now 60% off</p>' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves).toEqual([{ id: 7, body: { content: '<p>Now 60% off</p>' }, version: 2 }]);
    actor.stop();
  });

  it('keeps what is being typed: the new record under it when only the state moved, the old one when someone else saved', async () => {
    const moved = detail([row(), row({ state: 'running' })]);
    await waitFor(moved.actor, (s) => s.matches('editing'));
    moved.actor.send({ type: 'field.change', field: 'content', value: '<p>Now 60% off</p>' });
    await vi.advanceTimersByTimeAsync(11 * SECOND);
    await waitFor(moved.actor, (s) => s.matches('editing') && moved.loads() === 2);
    const after = moved.actor.getSnapshot().context;
    expect((after.record as ActivityDto).state).toBe('running');
    expect(after.form.content).toBe('<p>Now 60% off</p>');
    moved.actor.stop();

    vi.setSystemTime(NOW);
    const saves: Array<{ version: number }> = [];
    const changed = detail([row(), row({ state: 'running', version: 3, title: 'Renamed elsewhere' })], saves);
    await waitFor(changed.actor, (s) => s.matches('editing'));
    changed.actor.send({ type: 'field.change', field: 'content', value: '<p>Mine</p>' });
    await vi.advanceTimersByTimeAsync(11 * SECOND);
    await waitFor(changed.actor, (s) => s.matches('editing') && changed.loads() === 2);
    // The record it was edited over stays, so the save carries version 2 and meets the conflict.
    expect((changed.actor.getSnapshot().context.record as ActivityDto).version).toBe(2);
    changed.actor.send({ type: 'form.save' });
    await waitFor(changed.actor, () => saves.length === 1);
    expect(saves[0]).toMatchObject({ version: 2, body: { content: '<p>Mine</p>' } });
    changed.actor.stop();
  });

  it('the list reloads when the first of its rows changes by the clock, and not for rows that will not', async () => {
    let fetches = 0;
    const pages: Array<ListResult<ActivityDto>> = [
      { items: [row({ state: 'ended' }), row({ id: 8 })], total: 2, page: 1, page_size: 20 },
      {
        items: [row({ state: 'ended' }), row({ id: 8, state: 'running' })],
        total: 2,
        page: 1,
        page_size: 20,
      },
    ];
    const machine = listScreenMachine.provide({
      actors: {
        fetchPage: fromPromise(async () => pages[Math.min(fetches++, 1)]! as ListResult<Versioned>),
        fetchLookups: fromPromise(async () => ({})),
      },
    });
    const actor = createActor(machine, {
      input: { entity: activityScreen as never, spec: ACTIVITY_LIST, role: 'user', query: {} },
    }).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * SECOND + CLOCK_MARGIN_MS);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && fetches === 2);
    expect(actor.getSnapshot().context.items.map((r) => (r as ActivityDto).state)).toEqual([
      'ended',
      'running',
    ]);
    await vi.advanceTimersByTimeAsync(DAY / 2);
    expect(fetches).toBe(2);
    actor.stop();
  });
});
