import { and, assign, setup } from 'xstate';
import { CERTIFICATION_LIMITS } from './certificationRules';
import { hasVisibleText, textLength } from './visibleText';

/**
 * A staff member's real-name certification request: the single copy of its rules, used by the console to offer
 * the certification tab's actions and by the server to decide every command. A member asks (the request starts
 * under review, its fields checked by certificationRules.ts); an administrator certifies or rejects it; the member
 * may withdraw it while it is under review.
 *
 * States: reviewing → certified | rejected | withdrawn.
 *
 * Invariants (tested):
 * - nobody certifies or rejects their own request (four eyes), whatever their role;
 * - a rejection names its reason (1 to 200 characters);
 * - only the member who asked may withdraw, and only while the request is under review;
 * - certified, rejected and withdrawn are final: a rejected or withdrawn member asks again with a new request.
 *
 * Pure: who acts comes with the fact (`by`); the pipeline feeds who is acting now (`actorId`) for the refusal's words.
 */

export interface CertificationContext {
  applicantId: number;
  realName: string;
  /** Masked (src/contract/certification.ts, maskIdNumber). */
  idNumber: string;
  reviewedBy: number | null;
  rejectReason: string | null;
  /** Fed: who is acting now (the server's actor, the console's viewer). */
  actorId: number | null;
}

/** A request as asked (and what a test or the console feeds besides). */
export type CertificationInput = Pick<CertificationContext, 'applicantId' | 'realName' | 'idNumber'> &
  Partial<CertificationContext>;

export type CertificationFact =
  | { type: 'CertificationApproved'; data: { by: number | null } }
  | { type: 'CertificationRejected'; data: { by: number | null }; reason?: string | null }
  | { type: 'CertificationWithdrawn'; data: { by: number | null } };

export function isValidCertificationReason(reason: unknown): reason is string {
  if (typeof reason !== 'string') return false;
  const length = textLength(reason.trim());
  return hasVisibleText(reason) && length <= CERTIFICATION_LIMITS.reasonMax;
}

/** Whether `by` may review a request `applicantId` made: someone known, and not the applicant. */
export const mayReview = (applicantId: number, by: number | null) => by !== null && by !== applicantId;

export const certificationMachine = setup({
  types: {
    context: {} as CertificationContext,
    events: {} as CertificationFact,
    input: {} as CertificationInput,
  },
  guards: {
    notOwnRequest: ({ context, event }) => mayReview(context.applicantId, event.data.by),
    hasReason: ({ event }) => isValidCertificationReason((event as { reason?: unknown }).reason),
    byApplicant: ({ context, event }) => event.data.by === context.applicantId,
  },
  actions: {
    noteReview: assign(({ event }) => ({
      reviewedBy: event.data.by,
      rejectReason: event.type === 'CertificationRejected' ? (event.reason?.trim() ?? null) : null,
    })),
  },
}).createMachine({
  id: 'certification',
  context: ({ input }) => ({ reviewedBy: null, rejectReason: null, actorId: null, ...input }),
  initial: 'reviewing',
  states: {
    reviewing: {
      on: {
        CertificationApproved: {
          guard: 'notOwnRequest',
          target: 'certified',
          actions: 'noteReview',
        },
        CertificationRejected: {
          guard: and(['notOwnRequest', 'hasReason']),
          target: 'rejected',
          actions: 'noteReview',
        },
        CertificationWithdrawn: { guard: 'byApplicant', target: 'withdrawn' },
      },
    },
    certified: {},
    rejected: {},
    withdrawn: {},
  },
});
