import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MENU_TOAST_ID, selectServerMenu, serverMenuMachine } from '@/machines/app/serverMenuMachine';
import type { ServerMenuRoute } from '@/services/menu';
import { describeMachinePaths } from '../../support/machinePaths';

const menu: ServerMenuRoute[] = [
  {
    path: '/list',
    name: 'list',
    meta: { locale: 'menu.list', requiresAuth: true, roles: ['*'] },
    children: [],
  },
];

function start(fetch: () => Promise<ServerMenuRoute[]>) {
  const actor = createActor(serverMenuMachine.provide({ actors: { fetchMenu: fromPromise(fetch) } }));
  const toasts: { type: string; intent?: string; key?: string; id?: string }[] = [];
  actor.on('toast', (e) => toasts.push(e));
  return { actor: actor.start(), toasts };
}

describe('serverMenu behaviour', () => {
  it('fetches once with loading and success toasts, and caches the menu', async () => {
    const fetch = vi.fn(async () => menu);
    const { actor, toasts } = start(fetch);
    actor.send({ type: 'serverMenu.fetch' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'serverMenu.fetch' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(selectServerMenu(actor.getSnapshot())).toEqual(menu);
    expect(toasts.map((t) => [t.intent, t.key, t.id])).toEqual([
      ['primary', 'menu.loading', MENU_TOAST_ID],
      ['success', 'menu.loadSuccess', MENU_TOAST_ID],
    ]);
  });

  it('shows the error toast on failure and can retry', async () => {
    let fail = true;
    const { actor, toasts } = start(async () => (fail ? Promise.reject(new Error('x')) : menu));
    actor.send({ type: 'serverMenu.fetch' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(toasts.at(-1)).toMatchObject({ intent: 'danger', key: 'menu.loadFailed' });
    fail = false;
    actor.send({ type: 'serverMenu.fetch' });
    await waitFor(actor, (s) => s.matches('loaded'));
  });

  it('forgets the menu on clear (logout)', async () => {
    const { actor } = start(async () => menu);
    actor.send({ type: 'serverMenu.fetch' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'serverMenu.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectServerMenu(actor.getSnapshot())).toEqual([]);
  });
});

describeMachinePaths(serverMenuMachine, {
  events: [
    { type: 'xstate.done.actor.fetchMenu', output: menu },
    { type: 'xstate.error.actor.fetchMenu', error: new Error('x') },
  ],
});
