import { and, assign, not, setup, stateIn } from 'xstate';
import { IDENTITY_FIELDS, changedFields, type SupplierProfile } from './supplierProfile';

/**
 * The supplier lifecycle: the single copy of the rules, used by the console to enable actions and by the server
 * to decide every command (an event the machine does not take is refused with HTTP 409).
 *
 * Regions (parallel where independent):
 * - `audit`: waitingAudit → passed | rejected (a reason is required) → resubmit → waitingAudit. A passed
 *   supplier may be rejected again (approval revoked) unless it is serving an order.
 *   - inside `passed`, two more regions exist only once passed:
 *     - `service`: resting ↔ takingOrders → servicing (while serving an order) → takingOrders.
 *     - `display`: hidden ↔ shown (shown to customers).
 * - `enablement`: enabled ↔ closed.
 *
 * Invariants (tested):
 * - shown ⇒ passed ∧ enabled; takingOrders ⇒ enabled. Closing hides and moves taking orders to resting;
 *   leaving `passed` (rejection, identity edit) hides by construction.
 * - A supplier serving an order cannot be closed, rejected, or have its identity edited (finish the order first).
 * - Editing an identity field (real name, ID card number or images) of a passed supplier sends it back to
 *   waitingAudit; other edits keep the state. Edits that change nothing are refused.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context, event and the current configuration;
 * actions only assign.
 */

export interface SupplierContext {
  profile: SupplierProfile;
  ranking: number;
  /** Orders served to completion. */
  orderNum: number;
  /** The reason of the latest rejection, cleared by an approval. */
  auditFailedReason: string | null;
}

export interface SupplierInput {
  profile: SupplierProfile;
  ranking?: number;
}

export type SupplierEvent =
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

export type SupplierEventType = SupplierEvent['type'];

export const MAX_REASON_LENGTH = 500;
export const MAX_RANKING = 999_999;

export function isValidReason(reason: unknown): reason is string {
  return typeof reason === 'string' && reason.trim().length > 0 && reason.length <= MAX_REASON_LENGTH;
}

export function isValidRanking(ranking: unknown): ranking is number {
  return typeof ranking === 'number' && Number.isInteger(ranking) && ranking >= 0 && ranking <= MAX_RANKING;
}

export const supplierMachine = setup({
  types: {
    context: {} as SupplierContext,
    events: {} as SupplierEvent,
    input: {} as SupplierInput,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'supplier.reject' && isValidReason(event.reason),
    isEnabled: stateIn('#supplier.enablement.enabled'),
    notServicing: not(stateIn('#supplier.audit.passed.service.servicing')),
    hasChanges: ({ context, event }) =>
      event.type === 'supplier.edit' && changedFields(context.profile, event.changes).length > 0,
    changesIdentity: ({ context, event }) =>
      event.type === 'supplier.edit' &&
      changedFields(context.profile, event.changes).some((f) =>
        (IDENTITY_FIELDS as readonly string[]).includes(f),
      ),
    isNewValidRanking: ({ context, event }) =>
      event.type === 'supplier.rank' && isValidRanking(event.ranking) && event.ranking !== context.ranking,
  },
  actions: {
    recordRejection: assign({
      auditFailedReason: ({ event }) => (event.type === 'supplier.reject' ? event.reason.trim() : null),
    }),
    clearRejection: assign({ auditFailedReason: null }),
    applyEdit: assign({
      profile: ({ context, event }) => {
        if (event.type !== 'supplier.edit') return context.profile;
        const next = { ...context.profile };
        for (const field of changedFields(context.profile, event.changes)) {
          (next as Record<string, unknown>)[field] = event.changes[field];
        }
        return next;
      },
    }),
    applyRanking: assign({
      ranking: ({ context, event }) => (event.type === 'supplier.rank' ? event.ranking : context.ranking),
    }),
    countServedOrder: assign({ orderNum: ({ context }) => context.orderNum + 1 }),
  },
}).createMachine({
  id: 'supplier',
  type: 'parallel',
  context: ({ input }) => ({
    profile: input.profile,
    ranking: input.ranking ?? 0,
    orderNum: 0,
    auditFailedReason: null,
  }),
  on: {
    'supplier.rank': { guard: 'isNewValidRanking', actions: 'applyRanking' },
  },
  states: {
    audit: {
      initial: 'waitingAudit',
      states: {
        waitingAudit: {
          on: {
            'supplier.approve': { target: 'passed', actions: 'clearRejection' },
            'supplier.reject': { guard: 'hasReason', target: 'rejected', actions: 'recordRejection' },
            'supplier.edit': { guard: 'hasChanges', actions: 'applyEdit' },
          },
        },
        passed: {
          type: 'parallel',
          on: {
            'supplier.reject': {
              guard: and(['hasReason', 'notServicing']),
              target: 'rejected',
              actions: 'recordRejection',
            },
            'supplier.edit': [
              {
                guard: and(['hasChanges', 'changesIdentity', 'notServicing']),
                target: 'waitingAudit',
                actions: 'applyEdit',
              },
              { guard: and(['hasChanges', not('changesIdentity')]), actions: 'applyEdit' },
            ],
          },
          states: {
            service: {
              initial: 'resting',
              states: {
                resting: {
                  on: { 'supplier.takeOrders': { guard: 'isEnabled', target: 'takingOrders' } },
                },
                takingOrders: {
                  on: {
                    'supplier.rest': 'resting',
                    'supplier.startService': 'servicing',
                    // takingOrders implies enabled, and closing is always possible here.
                    'supplier.close': 'resting',
                  },
                },
                servicing: {
                  on: { 'supplier.finishService': { target: 'takingOrders', actions: 'countServedOrder' } },
                },
              },
            },
            display: {
              initial: 'hidden',
              states: {
                hidden: {
                  on: { 'supplier.show': { guard: 'isEnabled', target: 'shown' } },
                },
                shown: {
                  on: {
                    'supplier.hide': 'hidden',
                    // Same guard as the enablement region, so both regions take or refuse the event together.
                    'supplier.close': { guard: 'notServicing', target: 'hidden' },
                  },
                },
              },
            },
          },
        },
        rejected: {
          on: {
            'supplier.resubmit': 'waitingAudit',
            'supplier.edit': { guard: 'hasChanges', actions: 'applyEdit' },
          },
        },
      },
    },
    enablement: {
      initial: 'enabled',
      states: {
        enabled: {
          on: { 'supplier.close': { guard: 'notServicing', target: 'closed' } },
        },
        closed: {
          on: { 'supplier.enable': 'enabled' },
        },
      },
    },
  },
});

export type SupplierMachine = typeof supplierMachine;
