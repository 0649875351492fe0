/**
 * The app's long-lived actors, handed to views through React context (the app creates and wires them).
 * Views read with `useSelector(actor, select…)` and write with `actor.send(event)`.
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '@/machines/app/sessionMachine';
import type { settingsMachine } from '@/machines/app/settingsMachine';
import type { serverMenuMachine } from '@/machines/app/serverMenuMachine';
import type { tabBarMachine } from '@/machines/app/tabBarMachine';
import type { routeGuardMachine } from '@/machines/app/routeGuardMachine';

export interface AppActors {
  session: ActorRefFrom<typeof sessionMachine>;
  settings: ActorRefFrom<typeof settingsMachine>;
  serverMenu: ActorRefFrom<typeof serverMenuMachine>;
  tabBar: ActorRefFrom<typeof tabBarMachine>;
  routeGuard: ActorRefFrom<typeof routeGuardMachine>;
}

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside AppActorsContext');
  return actors;
}
