// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '@/machines/app/sessionMachine';
import { settingsMachine } from '@/machines/app/settingsMachine';
import { serverMenuMachine } from '@/machines/app/serverMenuMachine';
import { tabBarMachine } from '@/machines/app/tabBarMachine';
import { routeGuardMachine } from '@/machines/app/routeGuardMachine';
import { AppActorsContext, type AppActors } from '@/views/common/actors';
import { Permission, checkRoles } from '@/views/common/Permission';
import type { UserInfo } from '@/services/user';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function actorsWithRole(role: 'admin' | 'user'): Promise<AppActors> {
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchUserInfo: fromPromise<UserInfo>(async () => ({ name: 'A', role })) },
    }),
    { input: { token: 't' } },
  ).start();
  await waitFor(session, (s) => s.matches('signedIn'));
  return {
    session,
    settings: createActor(settingsMachine, { input: {} }),
    serverMenu: createActor(serverMenuMachine),
    tabBar: createActor(tabBarMachine),
    routeGuard: createActor(routeGuardMachine, { input: { routes: [] } }),
  };
}

async function render(actors: AppActors, roles: string[]) {
  const el = document.createElement('div');
  const root = createRoot(el);
  await act(async () => {
    root.render(
      <AppActorsContext.Provider value={actors}>
        <Permission roles={roles}>
          <button>delete</button>
        </Permission>
      </AppActorsContext.Provider>,
    );
  });
  return { el, root };
}

describe('permission', () => {
  it('renders its children only for a role in its list', async () => {
    const admin = await actorsWithRole('admin');
    expect((await render(admin, ['admin'])).el.innerHTML).toBe('<button>delete</button>');
    const user = await actorsWithRole('user');
    expect((await render(user, ['admin'])).el.innerHTML).toBe('');
  });

  it('follows a role switch', async () => {
    const actors = await actorsWithRole('admin');
    const { el } = await render(actors, ['admin']);
    await act(async () => actors.session.send({ type: 'session.switchRole' }));
    expect(el.innerHTML).toBe('');
  });

  it('fails with "need roles!" when not given an array', () => {
    expect(() => checkRoles('admin', 'admin')).toThrow('need roles!');
    expect(() => checkRoles(undefined, 'admin')).toThrow('need roles!');
  });
});
