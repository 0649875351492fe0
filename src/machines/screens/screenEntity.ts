import type { AnyMachineSnapshot } from 'xstate';
import { mayRole, policyReason } from '@/contract/policy';
import { allowed, decide, type Allowed, type AnyLifecycle } from '@/machines/lifecycles/lifecycle';
import { readWholeNumber } from '@/machines/lifecycles/money';
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
  /**
   * For records whose state follows the clock (an activity: scheduled, running, ended): when `row`'s state next
   * changes by itself (epoch ms), or null when it will not. The screens reload then.
   */
  nextChangeAt?(row: Row): number | null;
  /**
   * Actions of another entity that this row's lifecycle decides, by the command it would take:
   * `{ 'refund.create': 'renewal.reserveRefund' }` — a refund of a renewal can be asked for when the renewal can
   * set its amount aside. The policy is asked for the action itself.
   */
  decidedBy?: Record<string, string>;
}

/** A reload waits this long after a change the clock makes, so that the server's clock has passed it too. */
export const CLOCK_MARGIN_MS = 1000;
/** The longest wait for a change the clock makes (a timer further off is not kept: it is asked again then). */
export const MAX_CLOCK_WAIT_MS = 86_400_000;

/** When the first of `rows` next changes by the clock (epoch ms), or null when none will. */
export function nextClockChange<Row extends Versioned>(
  entity: ScreenEntity<Row>,
  rows: readonly Row[],
): number | null {
  if (!entity.nextChangeAt) return null;
  const next = rows.map((row) => entity.nextChangeAt!(row)).filter((t): t is number => t !== null);
  return next.length === 0 ? null : Math.min(...next);
}

/**
 * A read that still shows a change the browser's clock says is past (the server's clock is behind) is asked again
 * this much later, not every second.
 */
export const CLOCK_BEHIND_RETRY_MS = 30_000;

/** How long to wait for a change the clock makes at `due` (the margin included, at most a day), or null. */
export function waitForClock(due: number | null, now: number = Date.now()): number | null {
  if (due === null) return null;
  if (due <= now) return CLOCK_BEHIND_RETRY_MS;
  return Math.min(due - now + CLOCK_MARGIN_MS, MAX_CLOCK_WAIT_MS);
}

/**
 * How long until the first of `rows` changes by the clock (ms, the margin included, at most a day), or null when
 * none will (or the entity's states do not follow the clock).
 */
export function untilClockChange<Row extends Versioned>(
  entity: ScreenEntity<Row>,
  rows: readonly Row[],
  now: number = Date.now(),
): number | null {
  return waitForClock(nextClockChange(entity, rows), now);
}

/**
 * `allowed(action)` for a screen: may `role` send a command of `type` to `row` now — the policy table, then the
 * lifecycle's rules on the row's state — and if not, the i18n key of why. An action of another entity that the
 * row's lifecycle decides (`decidedBy`) is judged by that command's rules. Without a row, or for any other action
 * that is not one of the lifecycle's commands (`supplier.create`, `supplier.read`), only the policy answers.
 */
export function allowedAction<Row extends Versioned>(
  entity: ScreenEntity<Row>,
  row: Row | null,
  type: string,
  /** `undefined`: the rules alone, without the policy. */
  role: string | null | undefined,
  viewerId: number | null = null,
): Allowed {
  const rule = row && entity.decidedBy?.[type];
  if (rule) {
    if (role !== undefined && !mayRole(role, type)) return { ok: false, reasonKey: policyReason(type) };
    return allowed(entity.lifecycle, snapshotFor(entity, row, viewerId), rule);
  }
  if (!row || !(entity.lifecycle.commandTypes as readonly string[]).includes(type)) {
    if (role === undefined) return { ok: true };
    return mayRole(role, type) ? { ok: true } : { ok: false, reasonKey: policyReason(type) };
  }
  return allowed(entity.lifecycle, snapshotFor(entity, row, viewerId), type, role);
}

/**
 * The snapshot a row stands for, made once per row object and viewer: a row as the API returned it is replaced,
 * never changed in place, and every button of the row asks about the same snapshot.
 */
const snapshots = new WeakMap<Versioned, Map<number | null, AnyMachineSnapshot>>();
function snapshotFor<Row extends Versioned>(entity: ScreenEntity<Row>, row: Row, viewerId: number | null) {
  let byViewer = snapshots.get(row);
  if (!byViewer) snapshots.set(row, (byViewer = new Map()));
  let snapshot = byViewer.get(viewerId);
  if (!snapshot) byViewer.set(viewerId, (snapshot = entity.snapshotOf(row, viewerId)));
  return snapshot;
}

/** What a command dialog holds: the command, the field it asks for ('' for a plain confirmation), as typed. */
export interface TypedCommand {
  command: CommandBody;
  field: string;
  value: string;
}

/** The command a dialog sends: its field filled in as typed, a number where the field is numeric (`readWholeNumber`). */
export function dialogCommand({ command, field, value }: TypedCommand): CommandBody {
  if (!field) return command;
  const numeric = typeof command[field] === 'number';
  return { ...command, [field]: numeric ? readWholeNumber(value) : value.trim() };
}

/** The lifecycle's objection to a command with its typed value (a blank reason, a ranking out of range), or null. */
export function dialogProblem<Row extends Versioned>(
  entity: ScreenEntity<Row>,
  row: Row | null,
  command: CommandBody,
  viewerId: number | null = null,
): string | null {
  if (!row) return null;
  const decision = decide(entity.lifecycle, snapshotFor(entity, row, viewerId), command);
  return decision.accepted ? null : decision.reasonKey;
}
export type { CommandBody } from '@/services/entityApi';
