import type { AnyMachineSnapshot } from 'xstate';
import { mayRole, policyReason } from '@/contract/policy';
import { allowed, decide, type Allowed, type AnyLifecycle } from '@/machines/lifecycles/lifecycle';
import type { CommandBody, Versioned } from '@/services/entityApi';

/**
 * What the list and detail screens need to know about an entity's records to ask its lifecycle: the snapshot a
 * row (as the API returns it) stands for, and how to name a row in a summary. Declared once per entity
 * (e.g. supplierScreens.ts).
 */
export interface ScreenEntity<Row extends Versioned = Versioned> {
  lifecycle: AnyLifecycle;
  /** `viewerId`: the signed-in staff member, for rules about who acts (a refund's four-eyes rule). */
  snapshotOf(row: Row, viewerId?: number | null): AnyMachineSnapshot;
  labelOf(row: Row): string;
}

/**
 * `allowed(action)` for a screen: may `role` send a command of `type` to `row` now — the policy table, then the
 * lifecycle's rules on the row's state — and if not, the i18n key of why. Without a row, or for an action that is
 * not one of the lifecycle's commands (`supplier.create`, `supplier.read`), only the policy answers.
 */
export function allowedAction<Row extends Versioned>(
  entity: ScreenEntity<Row>,
  row: Row | null,
  type: string,
  /** `undefined`: the rules alone, without the policy. */
  role: string | null | undefined,
  viewerId: number | null = null,
): Allowed {
  if (!row || !(entity.lifecycle.commandTypes as readonly string[]).includes(type)) {
    if (role === undefined) return { ok: true };
    return mayRole(role, type) ? { ok: true } : { ok: false, reasonKey: policyReason(type) };
  }
  return allowed(entity.lifecycle, entity.snapshotOf(row, viewerId), type, role);
}

/** The lifecycle's objection to a command with its typed value (a blank reason, a ranking out of range), or null. */
export function dialogProblem<Row extends Versioned>(
  entity: ScreenEntity<Row>,
  row: Row | null,
  command: CommandBody,
  viewerId: number | null = null,
): string | null {
  if (!row) return null;
  const decision = decide(entity.lifecycle, entity.snapshotOf(row, viewerId), command);
  return decision.accepted ? null : decision.reasonKey;
}
export type { CommandBody } from '@/services/entityApi';
