import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import {
  MAX_RANKING,
  MAX_REASON_LENGTH,
  isValidRanking,
  isValidReason,
  supplierMachine,
  type SupplierContext,
  type SupplierEvent,
  type SupplierEventType,
  type SupplierInput,
} from './supplierMachine';
import { IDENTITY_FIELDS, changedFields, type SupplierProfile } from './supplierProfile';

/**
 * Everything the server and the console need around `supplierMachine`, so neither re-states a rule:
 * - the mapping between machine events (`supplier.approve`) and stored past-tense events (`SupplierApproved`);
 * - the flat status the projection stores and the snapshot rebuilt from it;
 * - `decide`: accept an event (next snapshot) or refuse it with an i18n reason key and an English message that
 *   names the current state and the refused action (the server's 409 text; the console's disabled tooltip);
 * - who may send which event (roles are checked on the server; the console hides what a role may not do).
 */

export type SupplierSnapshot = SnapshotFrom<typeof supplierMachine>;

export const SUPPLIER_STREAM = 'supplier';
export const SUPPLIER_REGISTERED = 'SupplierRegistered';

export const STORED_EVENT_TYPE = {
  'supplier.approve': 'SupplierApproved',
  'supplier.reject': 'SupplierRejected',
  'supplier.resubmit': 'SupplierResubmitted',
  'supplier.enable': 'SupplierEnabled',
  'supplier.close': 'SupplierClosed',
  'supplier.takeOrders': 'SupplierStartedTakingOrders',
  'supplier.rest': 'SupplierStartedResting',
  'supplier.startService': 'SupplierServiceStarted',
  'supplier.finishService': 'SupplierServiceFinished',
  'supplier.show': 'SupplierShown',
  'supplier.hide': 'SupplierHidden',
  'supplier.rank': 'SupplierRanked',
  'supplier.edit': 'SupplierProfileEdited',
} as const satisfies Record<SupplierEventType, string>;

export type StoredSupplierEventType =
  (typeof STORED_EVENT_TYPE)[SupplierEventType] | typeof SUPPLIER_REGISTERED;

export const SUPPLIER_EVENT_TYPES = Object.keys(STORED_EVENT_TYPE) as SupplierEventType[];

const MACHINE_EVENT_TYPE = Object.fromEntries(
  Object.entries(STORED_EVENT_TYPE).map(([machine, stored]) => [stored, machine]),
) as Record<string, SupplierEventType>;

export function isSupplierEventType(type: unknown): type is SupplierEventType {
  return typeof type === 'string' && type in STORED_EVENT_TYPE;
}

/** What goes into the event store for an accepted machine event. */
export interface StoredSupplierEvent {
  type: StoredSupplierEventType;
  data: Record<string, unknown>;
  reason: string | null;
}

export function toStoredEvent(event: SupplierEvent, context?: SupplierContext): StoredSupplierEvent {
  const type = STORED_EVENT_TYPE[event.type];
  switch (event.type) {
    case 'supplier.reject':
      return { type, data: {}, reason: event.reason.trim() };
    case 'supplier.rank':
      return { type, data: { ranking: event.ranking, previous: context?.ranking ?? null }, reason: null };
    case 'supplier.edit': {
      // Keep only what really changed, with the previous values, so history reads "from → to".
      const fields = context ? changedFields(context.profile, event.changes) : Object.keys(event.changes);
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const f of fields) {
        changes[f] = event.changes[f as keyof SupplierProfile];
        if (context) previous[f] = context.profile[f as keyof SupplierProfile];
      }
      return { type, data: context ? { changes, previous } : { changes }, reason: null };
    }
    default:
      return { type, data: {}, reason: null };
  }
}

/** The machine event a stored event replays as (`SupplierRegistered` is the machine's input, not an event). */
export function fromStoredEvent(stored: {
  type: string;
  data: Record<string, unknown>;
  reason: string | null;
}): SupplierEvent {
  const type = MACHINE_EVENT_TYPE[stored.type];
  if (!type) throw new Error(`Unknown supplier event type ${stored.type}`);
  switch (type) {
    case 'supplier.reject':
      return { type, reason: stored.reason ?? '' };
    case 'supplier.rank':
      return { type, ranking: Number(stored.data.ranking) };
    case 'supplier.edit':
      return { type, changes: (stored.data.changes ?? {}) as Partial<SupplierProfile> };
    default:
      return { type } as SupplierEvent;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Flat status (what the projection row and the API expose) ⇄ machine snapshot

export type AuditState = 'waiting_audit' | 'pass' | 'reject';
export type ServiceState = 'taking_orders' | 'servicing' | 'resting';
export const AUDIT_STATES: AuditState[] = ['waiting_audit', 'pass', 'reject'];
export const SERVICE_STATES: ServiceState[] = ['taking_orders', 'servicing', 'resting'];

export interface SupplierStatus {
  audit_state: AuditState;
  /** Only once passed; `null` otherwise. */
  state: ServiceState | null;
  is_enabled: boolean;
  is_display: boolean;
}

const AUDIT_OF_NODE = { waitingAudit: 'waiting_audit', passed: 'pass', rejected: 'reject' } as const;
const NODE_OF_AUDIT = { waiting_audit: 'waitingAudit', pass: 'passed', reject: 'rejected' } as const;
const SERVICE_OF_NODE = {
  takingOrders: 'taking_orders',
  servicing: 'servicing',
  resting: 'resting',
} as const;
const NODE_OF_SERVICE = {
  taking_orders: 'takingOrders',
  servicing: 'servicing',
  resting: 'resting',
} as const;

export function statusOf(snapshot: SupplierSnapshot): SupplierStatus {
  const value = snapshot.value as {
    audit: string | { passed: { service: string; display: string } };
    enablement: string;
  };
  const is_enabled = value.enablement === 'enabled';
  if (typeof value.audit === 'string') {
    return {
      audit_state: AUDIT_OF_NODE[value.audit as 'waitingAudit' | 'rejected'],
      state: null,
      is_enabled,
      is_display: false,
    };
  }
  return {
    audit_state: 'pass',
    state: SERVICE_OF_NODE[value.audit.passed.service as keyof typeof SERVICE_OF_NODE],
    is_enabled,
    is_display: value.audit.passed.display === 'shown',
  };
}

/** Rebuilds the snapshot from a projection row (status + context). The machine has no history states. */
export function snapshotFromStatus(status: SupplierStatus, context: SupplierContext): SupplierSnapshot {
  const audit =
    status.audit_state === 'pass'
      ? {
          passed: {
            service: NODE_OF_SERVICE[status.state ?? 'resting'],
            display: status.is_display ? 'shown' : 'hidden',
          },
        }
      : NODE_OF_AUDIT[status.audit_state];
  return supplierMachine.resolveState({
    value: { audit, enablement: status.is_enabled ? 'enabled' : 'closed' } as never,
    context,
  });
}

export function initialSupplierSnapshot(input: SupplierInput): SupplierSnapshot {
  return initialTransition(supplierMachine, input)[0];
}

/** Replays machine events from the registration; refused events would mean a corrupt log, so they throw. */
export function replaySupplier(input: SupplierInput, events: SupplierEvent[]): SupplierSnapshot {
  let snapshot = initialSupplierSnapshot(input);
  for (const event of events) {
    const decision = decide(snapshot, event);
    if (!decision.accepted) throw new Error(`Replay refused ${event.type}: ${decision.message}`);
    snapshot = decision.snapshot;
  }
  return snapshot;
}

// ---------------------------------------------------------------------------------------------------------------
// Deciding, and explaining a refusal

export type Decision =
  { accepted: true; snapshot: SupplierSnapshot } | { accepted: false; reasonKey: string; message: string };

export function decide(snapshot: SupplierSnapshot, event: SupplierEvent): Decision {
  if (snapshot.can(event)) {
    return { accepted: true, snapshot: transition(supplierMachine, snapshot, event)[0] };
  }
  const reason = refusalReason(snapshot, event);
  return {
    accepted: false,
    reasonKey: `supply.reason.${reason}`,
    message: `Cannot ${ACTION_LABEL[event.type]} while it is ${describeStatus(statusOf(snapshot))}: ${REASON_TEXT[reason]}.`,
  };
}

export const ACTION_LABEL: Record<SupplierEventType, string> = {
  'supplier.approve': 'approve this supplier',
  'supplier.reject': 'reject this supplier',
  'supplier.resubmit': 'resubmit this supplier for audit',
  'supplier.enable': 'enable this supplier',
  'supplier.close': 'close this supplier',
  'supplier.takeOrders': 'set this supplier to taking orders',
  'supplier.rest': 'set this supplier to resting',
  'supplier.startService': 'start serving an order with this supplier',
  'supplier.finishService': "finish this supplier's order",
  'supplier.show': 'show this supplier to customers',
  'supplier.hide': 'hide this supplier from customers',
  'supplier.rank': "change this supplier's ranking",
  'supplier.edit': 'edit this supplier',
};

export function describeStatus(status: SupplierStatus): string {
  const audit = { waiting_audit: 'waiting for audit', pass: 'passed', reject: 'rejected' }[
    status.audit_state
  ];
  const parts = [audit];
  if (status.state) parts.push(status.state.replace('_', ' '));
  if (status.audit_state === 'pass') parts.push(status.is_display ? 'shown' : 'hidden');
  parts.push(status.is_enabled ? 'enabled' : 'closed');
  return parts.join(', ');
}

export const REASON_TEXT = {
  alreadyPassed: 'it has already passed the audit',
  rejectedNeedsResubmit: 'it was rejected and must be resubmitted first',
  notWaitingAudit: 'it is not waiting for audit',
  alreadyRejected: 'it is already rejected',
  reasonRequired: `a reason is required (at most ${MAX_REASON_LENGTH} characters)`,
  notRejected: 'only a rejected supplier can be resubmitted',
  alreadyEnabled: 'it is already enabled',
  alreadyClosed: 'it is already closed',
  servicing: 'it is serving an order; finish the order first',
  notPassed: 'it has not passed the audit',
  closed: 'it is closed; enable it first',
  alreadyTakingOrders: 'it is already taking orders',
  alreadyResting: 'it is already resting',
  notTakingOrders: 'it is not taking orders',
  notServicing: 'it is not serving an order',
  alreadyShown: 'it is already shown',
  alreadyHidden: 'it is already hidden',
  invalidRanking: `the ranking must be a whole number from 0 to ${MAX_RANKING}`,
  rankingUnchanged: 'the ranking is unchanged',
  noChanges: 'nothing was changed',
  notAllowed: 'the action is not possible in this state',
} as const;

export type RefusalReason = keyof typeof REASON_TEXT;

/** Why the machine refuses `event` now (call only when `snapshot.can(event)` is false). */
export function refusalReason(snapshot: SupplierSnapshot, event: SupplierEvent): RefusalReason {
  const s = statusOf(snapshot);
  const passed = s.audit_state === 'pass';
  const servicing = s.state === 'servicing';
  switch (event.type) {
    case 'supplier.approve':
      return passed ? 'alreadyPassed' : s.audit_state === 'reject' ? 'rejectedNeedsResubmit' : 'notAllowed';
    case 'supplier.reject':
      if (s.audit_state === 'reject') return 'alreadyRejected';
      if (!isValidReason(event.reason)) return 'reasonRequired';
      return servicing ? 'servicing' : 'notAllowed';
    case 'supplier.resubmit':
      return s.audit_state !== 'reject' ? 'notRejected' : 'notAllowed';
    case 'supplier.enable':
      return s.is_enabled ? 'alreadyEnabled' : 'notAllowed';
    case 'supplier.close':
      return !s.is_enabled ? 'alreadyClosed' : servicing ? 'servicing' : 'notAllowed';
    case 'supplier.takeOrders':
      if (!passed) return 'notPassed';
      if (servicing) return 'servicing';
      if (s.state === 'taking_orders') return 'alreadyTakingOrders';
      return !s.is_enabled ? 'closed' : 'notAllowed';
    case 'supplier.rest':
      if (!passed) return 'notPassed';
      return servicing ? 'servicing' : s.state === 'resting' ? 'alreadyResting' : 'notAllowed';
    case 'supplier.startService':
      if (!passed) return 'notPassed';
      return servicing ? 'servicing' : 'notTakingOrders';
    case 'supplier.finishService':
      return 'notServicing';
    case 'supplier.show':
      if (!passed) return 'notPassed';
      if (s.is_display) return 'alreadyShown';
      return !s.is_enabled ? 'closed' : 'notAllowed';
    case 'supplier.hide':
      return !passed ? 'notPassed' : 'alreadyHidden';
    case 'supplier.rank':
      return !isValidRanking(event.ranking) ? 'invalidRanking' : 'rankingUnchanged';
    case 'supplier.edit': {
      const fields = changedFields(snapshot.context.profile, event.changes);
      if (fields.length === 0) return 'noChanges';
      const identity = fields.some((f) => (IDENTITY_FIELDS as readonly string[]).includes(f));
      return identity && servicing ? 'servicing' : 'notAllowed';
    }
  }
}

/**
 * A representative event of `type` for asking "is this action possible now?" before the user has typed its
 * payload (a reject dialog's reason, a new ranking): the payload is assumed valid.
 */
export function sampleEvent(type: SupplierEventType, context: SupplierContext): SupplierEvent {
  switch (type) {
    case 'supplier.reject':
      return { type, reason: 'reason' };
    case 'supplier.rank':
      return { type, ranking: context.ranking === 0 ? 1 : context.ranking - 1 };
    case 'supplier.edit':
      return { type, changes: { bio: `${context.profile.bio} ` } };
    default:
      return { type } as SupplierEvent;
  }
}

export interface ActionAvailability {
  allowed: boolean;
  /** i18n key explaining why not (`supply.reason.*`), when not allowed. */
  reasonKey: string | null;
}

export function availability(
  snapshot: SupplierSnapshot,
  type: SupplierEventType,
  role?: string | null,
): ActionAvailability {
  if (role !== undefined && !roleMay(role, type))
    return { allowed: false, reasonKey: 'supply.reason.adminOnly' };
  const event = sampleEvent(type, snapshot.context);
  if (snapshot.can(event)) return { allowed: true, reasonKey: null };
  return { allowed: false, reasonKey: `supply.reason.${refusalReason(snapshot, event)}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Roles: enabling and closing a supplier (and so its account) is an admin decision; audit, service status,
// display, ranking and profile edits are day-to-day staff work open to both roles.

export const ADMIN_ONLY_EVENTS: readonly SupplierEventType[] = ['supplier.enable', 'supplier.close'];

export function roleMay(role: string | null, type: SupplierEventType): boolean {
  if (role === 'admin') return true;
  if (role === 'user') return !ADMIN_ONLY_EVENTS.includes(type);
  return false;
}
