import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  cursorPagesMachine,
  selectFirstPage,
  selectItems,
  type CursorPage,
} from '@/machines/screens/cursorPagesMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

const page = (items: unknown[], next: string | null, extra: object = {}): CursorPage => ({
  items,
  next_cursor: next,
  ...extra,
});
const failure = () => Promise.reject(new ApiError('Request Error', undefined, 0));

/** A machine whose pages are `answers` in turn; `fetch` records the cursor each page was asked from. */
function start(answers: Array<() => Promise<CursorPage>>) {
  const fetch = vi.fn((cursor: string | null) => {
    void cursor;
    return (answers.shift() ?? (() => Promise.resolve(page([], null))))();
  });
  const actor = createActor(
    cursorPagesMachine.provide({
      actors: { fetchPage: fromPromise(({ input }) => fetch(input.cursor)) },
    }),
  ).start();
  return { actor, fetch };
}

describe('cursor pages', () => {
  it('load the first page, then each next one from the cursor the page before gave, appended', async () => {
    const { actor, fetch } = start([
      () => Promise.resolve(page(['a', 'b'], '7', { counts: { last_7_days: 1 } })),
      () => Promise.resolve(page(['c', 'd'], '3')),
      () => Promise.resolve(page(['e'], null)),
    ]);
    await until(actor, (s) => s.matches('ready'));
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b']);
    actor.send({ type: 'pages.more' });
    await until(actor, (s) => s.matches('ready') && s.context.pages.length === 2);
    actor.send({ type: 'pages.more' });
    await until(actor, (s) => s.matches('ready') && s.context.pages.length === 3);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([null, '7', '3']);
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(selectFirstPage(actor.getSnapshot())).toMatchObject({ counts: { last_7_days: 1 } });
    actor.stop();
  });

  it('ask for no page after the last one', async () => {
    const { actor, fetch } = start([() => Promise.resolve(page(['a'], null))]);
    await until(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'pages.more' })).toBe(false);
    actor.send({ type: 'pages.more' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('ask for one page at a time', async () => {
    const { actor, fetch } = start([
      () => Promise.resolve(page(['a'], '1')),
      () => new Promise<CursorPage>(() => {}),
    ]);
    await until(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pages.more' });
    actor.send({ type: 'pages.more' });
    expect(actor.getSnapshot().matches('loadingMore')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('keep the pages shown when the next fails, say so, and try the same cursor again', async () => {
    const { actor, fetch } = start([
      () => Promise.resolve(page(['a'], '9')),
      failure,
      () => Promise.resolve(page(['b'], null)),
    ]);
    await until(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pages.more' });
    await until(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(selectItems(actor.getSnapshot())).toEqual(['a']);
    actor.send({ type: 'pages.more' });
    await until(actor, (s) => s.matches('ready') && s.context.error === null && s.context.pages.length === 2);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([null, '9', '9']);
    expect(selectItems(actor.getSnapshot())).toEqual(['a', 'b']);
    actor.stop();
  });

  it('offer a retry when the first page fails, and start again from the first page on a reload', async () => {
    const { actor, fetch } = start([
      failure,
      () => Promise.resolve(page(['a'], '5')),
      () => Promise.resolve(page(['b'], null)),
      () => Promise.resolve(page(['z'], null)),
    ]);
    await until(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'pages.retry' });
    await until(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pages.more' });
    await until(actor, (s) => s.matches('ready') && s.context.pages.length === 2);
    actor.send({ type: 'pages.reload' });
    await until(actor, (s) => s.matches('ready') && selectItems(s)[0] === 'z');
    expect(selectItems(actor.getSnapshot())).toEqual(['z']);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([null, null, '5', null]);
    actor.stop();
  });
});

describeMachinePaths(cursorPagesMachine, {
  events: [
    { type: 'xstate.done.actor.fetchFirst', output: page(['a'], '1') },
    { type: 'xstate.error.actor.fetchFirst', error: new Error('x') },
    { type: 'xstate.done.actor.fetchNext', output: page(['b'], null) },
    { type: 'xstate.error.actor.fetchNext', error: new Error('x') },
    { type: 'pages.more' },
    { type: 'pages.retry' },
    { type: 'pages.reload' },
  ],
});
