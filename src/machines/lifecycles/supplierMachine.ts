import { and, assign, not, setup, stateIn } from 'xstate';
import { IDENTITY_FIELDS, changedFields, type SupplierProfile } from './supplierProfile';
import { hasVisibleText, textLength } from './visibleText';

/**
 * The supplier lifecycle: the single copy of the rules, used by the console to enable actions and by the server
 * to decide every command (a fact the machine does not take is refused with HTTP 409). Its events are the facts
 * the log stores (`SupplierApproved`); its guards are the rules; `evolve` replays facts with the rules off, so
 * only `changesIdentity`, which chooses a target, runs on replay (see lifecycle.ts).
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

/** The facts the log stores for a supplier, which are the machine's events. */
export type SupplierFact =
  | { type: 'SupplierApproved'; data: Record<string, never> }
  | { type: 'SupplierRejected'; data: Record<string, never>; reason: string }
  | { type: 'SupplierResubmitted'; data: Record<string, never> }
  | { type: 'SupplierEnabled'; data: Record<string, never> }
  | { type: 'SupplierClosed'; data: Record<string, never> }
  | { type: 'SupplierStartedTakingOrders'; data: Record<string, never> }
  | { type: 'SupplierStartedResting'; data: Record<string, never> }
  | { type: 'SupplierServiceStarted'; data: Record<string, never> }
  | { type: 'SupplierServiceFinished'; data: Record<string, never> }
  | { type: 'SupplierShown'; data: Record<string, never> }
  | { type: 'SupplierHidden'; data: Record<string, never> }
  | { type: 'SupplierRanked'; data: { ranking: number; previous: number | null } }
  | {
      type: 'SupplierProfileEdited';
      data: { changes: Partial<SupplierProfile>; previous?: Partial<SupplierProfile> };
    };

export type SupplierFactType = SupplierFact['type'];

export const MAX_REASON_LENGTH = 500;
export const MAX_RANKING = 999_999;

export function isValidReason(reason: unknown): reason is string {
  return (
    typeof reason === 'string' && hasVisibleText(reason) && textLength(reason.trim()) <= MAX_REASON_LENGTH
  );
}

export function isValidRanking(ranking: unknown): ranking is number {
  return typeof ranking === 'number' && Number.isInteger(ranking) && ranking >= 0 && ranking <= MAX_RANKING;
}

export const supplierMachine = setup({
  types: {
    context: {} as SupplierContext,
    events: {} as SupplierFact,
    input: {} as SupplierInput,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'SupplierRejected' && isValidReason(event.reason),
    isEnabled: stateIn('#supplier.enablement.enabled'),
    notServicing: not(stateIn('#supplier.audit.passed.service.servicing')),
    hasChanges: ({ context, event }) =>
      event.type === 'SupplierProfileEdited' && changedFields(context.profile, event.data.changes).length > 0,
    changesIdentity: ({ context, event }) =>
      event.type === 'SupplierProfileEdited' &&
      changedFields(context.profile, event.data.changes).some((f) =>
        (IDENTITY_FIELDS as readonly string[]).includes(f),
      ),
    isNewValidRanking: ({ context, event }) =>
      event.type === 'SupplierRanked' &&
      isValidRanking(event.data.ranking) &&
      event.data.ranking !== context.ranking,
  },
  actions: {
    recordRejection: assign({
      auditFailedReason: ({ event }) => (event.type === 'SupplierRejected' ? event.reason.trim() : null),
    }),
    clearRejection: assign({ auditFailedReason: null }),
    applyEdit: assign({
      profile: ({ context, event }) => {
        if (event.type !== 'SupplierProfileEdited') return context.profile;
        const next = { ...context.profile };
        for (const field of changedFields(context.profile, event.data.changes)) {
          (next as Record<string, unknown>)[field] = event.data.changes[field];
        }
        return next;
      },
    }),
    applyRanking: assign({
      ranking: ({ context, event }) =>
        event.type === 'SupplierRanked' ? event.data.ranking : context.ranking,
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
    SupplierRanked: { guard: 'isNewValidRanking', actions: 'applyRanking' },
  },
  states: {
    audit: {
      initial: 'waitingAudit',
      states: {
        waitingAudit: {
          on: {
            SupplierApproved: { target: 'passed', actions: 'clearRejection' },
            SupplierRejected: { guard: 'hasReason', target: 'rejected', actions: 'recordRejection' },
            SupplierProfileEdited: { guard: 'hasChanges', actions: 'applyEdit' },
          },
        },
        passed: {
          type: 'parallel',
          on: {
            SupplierRejected: {
              guard: and(['hasReason', 'notServicing']),
              target: 'rejected',
              actions: 'recordRejection',
            },
            SupplierProfileEdited: [
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
                  on: { SupplierStartedTakingOrders: { guard: 'isEnabled', target: 'takingOrders' } },
                },
                takingOrders: {
                  on: {
                    SupplierStartedResting: 'resting',
                    SupplierServiceStarted: 'servicing',
                    // takingOrders implies enabled, and closing is always possible here.
                    SupplierClosed: 'resting',
                  },
                },
                servicing: {
                  on: { SupplierServiceFinished: { target: 'takingOrders', actions: 'countServedOrder' } },
                },
              },
            },
            display: {
              initial: 'hidden',
              states: {
                hidden: {
                  on: { SupplierShown: { guard: 'isEnabled', target: 'shown' } },
                },
                shown: {
                  on: {
                    SupplierHidden: 'hidden',
                    // Same guard as the enablement region, so both regions take or refuse the event together.
                    SupplierClosed: { guard: 'notServicing', target: 'hidden' },
                  },
                },
              },
            },
          },
        },
        rejected: {
          on: {
            SupplierResubmitted: 'waitingAudit',
            SupplierProfileEdited: { guard: 'hasChanges', actions: 'applyEdit' },
          },
        },
      },
    },
    enablement: {
      initial: 'enabled',
      states: {
        enabled: {
          on: { SupplierClosed: { guard: 'notServicing', target: 'closed' } },
        },
        closed: {
          on: { SupplierEnabled: 'enabled' },
        },
      },
    },
  },
});

export type SupplierMachine = typeof supplierMachine;
