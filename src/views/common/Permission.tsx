/**
 * The permission directive of SPEC §5/§6 as a hook and a component: renders its children only when the
 * signed-in user's role is in `roles`; `roles` must be an array ("need roles!" otherwise).
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectRole } from '@/machines/app/sessionMachine';
import { useAppActors } from './actors';

export function checkRoles(roles: unknown, role: string): boolean {
  if (!Array.isArray(roles)) throw new Error('need roles!');
  return roles.includes(role);
}

export function usePermission(roles: string[]): boolean {
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  return checkRoles(roles, role);
}

export function Permission({ roles, children }: { roles: string[]; children: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : null;
}
