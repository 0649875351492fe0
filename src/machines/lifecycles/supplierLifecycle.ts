import type { SnapshotFrom } from 'xstate';
import { defineLifecycle, initialSnapshot, type Fact } from './lifecycle';
import {
  MAX_RANKING,
  MAX_REASON_LENGTH,
  isValidRanking,
  isValidReason,
  supplierMachine,
  type SupplierInput,
} from './supplierMachine';
import { IDENTITY_FIELDS, changedFields, type SupplierProfile } from './supplierProfile';

/**
 * The supplier lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat status
 * the projection keeps and the snapshot it stands for, and the words for a refusal. The rules are the machine's
 * guards (supplierMachine.ts); who may send which command is the contract's policy table.
 */

export type SupplierSnapshot = SnapshotFrom<typeof supplierMachine>;

export const SUPPLIER_STREAM = 'supplier';
export const SUPPLIER_REGISTERED = 'SupplierRegistered';

export type SupplierCommand =
  | { type: 'supplier.approve' }
  | { type: 'supplier.reject'; reason: string }
  | { type: 'supplier.resubmit' }
  | { type: 'supplier.enable' }
  | { type: 'supplier.close' }
  | { type: 'supplier.takeOrders' }
  | { type: 'supplier.rest' }
  | { type: 'supplier.startService' }
  | { type: 'supplier.finishService' }
  | { type: 'supplier.show' }
  | { type: 'supplier.hide' }
  | { type: 'supplier.rank'; ranking: number }
  | { type: 'supplier.edit'; changes: Partial<SupplierProfile> };

export type SupplierCommandType = SupplierCommand['type'];

/** The data of `SupplierRegistered`: the machine's input. */
export type SupplierRegistration = SupplierInput;

const none = {} as Record<string, never>;
const simple = (type: Fact['type']) => () => [{ type, data: none }];

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
export function snapshotFromStatus(
  status: SupplierStatus,
  context: SupplierSnapshot['context'],
): SupplierSnapshot {
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

// ---------------------------------------------------------------------------------------------------------------
// Refusals, in words

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

/** Why the machine refuses `command` now (called only when it does). */
export function refusalReason(snapshot: SupplierSnapshot, command: SupplierCommand): RefusalReason {
  const s = statusOf(snapshot);
  const passed = s.audit_state === 'pass';
  const servicing = s.state === 'servicing';
  switch (command.type) {
    case 'supplier.approve':
      return passed ? 'alreadyPassed' : s.audit_state === 'reject' ? 'rejectedNeedsResubmit' : 'notAllowed';
    case 'supplier.reject':
      if (s.audit_state === 'reject') return 'alreadyRejected';
      if (servicing) return 'servicing';
      return isValidReason(command.reason) ? 'notAllowed' : 'reasonRequired';
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
      return !isValidRanking(command.ranking) ? 'invalidRanking' : 'rankingUnchanged';
    case 'supplier.edit': {
      const fields = changedFields(snapshot.context.profile, command.changes);
      if (fields.length === 0) return 'noChanges';
      const identity = fields.some((f) => (IDENTITY_FIELDS as readonly string[]).includes(f));
      return identity && servicing ? 'servicing' : 'notAllowed';
    }
  }
}

export const ACTION_LABEL: Record<SupplierCommandType, string> = {
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

// ---------------------------------------------------------------------------------------------------------------
// The declaration

export const supplierLifecycle = defineLifecycle<
  typeof supplierMachine,
  SupplierCommand,
  SupplierRegistration
>({
  name: 'supplier',
  stream: SUPPLIER_STREAM,
  machine: supplierMachine,
  createdFact: SUPPLIER_REGISTERED,
  start: (data) => initialSnapshot(supplierMachine, { profile: data.profile, ranking: data.ranking }),
  facts: {
    'supplier.approve': simple('SupplierApproved'),
    'supplier.reject': (command) => [
      { type: 'SupplierRejected', data: none, reason: String(command.reason ?? '').trim() },
    ],
    'supplier.resubmit': simple('SupplierResubmitted'),
    'supplier.enable': simple('SupplierEnabled'),
    'supplier.close': simple('SupplierClosed'),
    'supplier.takeOrders': simple('SupplierStartedTakingOrders'),
    'supplier.rest': simple('SupplierStartedResting'),
    'supplier.startService': simple('SupplierServiceStarted'),
    'supplier.finishService': simple('SupplierServiceFinished'),
    'supplier.show': simple('SupplierShown'),
    'supplier.hide': simple('SupplierHidden'),
    'supplier.rank': (command, snapshot) => [
      { type: 'SupplierRanked', data: { ranking: command.ranking, previous: snapshot.context.ranking } },
    ],
    // Only what really changes, with the previous values, so history reads "from → to".
    'supplier.edit': (command, snapshot) => {
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const field of changedFields(snapshot.context.profile, command.changes)) {
        changes[field] = command.changes[field];
        previous[field] = snapshot.context.profile[field];
      }
      return [{ type: 'SupplierProfileEdited', data: { changes, previous } }];
    },
  },
  routingGuards: ['changesIdentity'],
  reasonPrefix: 'supply.reason',
  reasons: REASON_TEXT,
  inputReasons: { reasonRequired: 'reason', invalidRanking: 'ranking' },
  actionLabels: ACTION_LABEL,
  describe: (snapshot) => describeStatus(statusOf(snapshot)),
  explain: refusalReason,
  refusalMessage: (snapshot, command) => {
    const reason = refusalReason(snapshot, command);
    if (reason === 'noChanges') return 'Nothing changed: the values sent are the same as the current ones.';
    if (reason === 'rankingUnchanged' && command.type === 'supplier.rank')
      return `Nothing changed: the ranking is already ${command.ranking}.`;
    return undefined;
  },
  sample: (type, snapshot) => {
    switch (type) {
      case 'supplier.reject':
        return { type, reason: 'reason' };
      case 'supplier.rank':
        return { type, ranking: snapshot.context.ranking === 0 ? 1 : snapshot.context.ranking - 1 };
      case 'supplier.edit':
        return { type, changes: { bio: `${snapshot.context.profile.bio} ` } };
      default:
        return { type } as SupplierCommand;
    }
  },
});
