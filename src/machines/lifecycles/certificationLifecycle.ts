import type { SnapshotFrom } from 'xstate';
import { certificationMachine, mayReview, type CertificationContext } from './certificationMachine';
import { defineLifecycle } from './lifecycle';

/**
 * The certification lifecycle declared for the entity kit (lifecycle.ts): what each command stores and the words
 * for a refusal. The rules are the machine's guards (certificationMachine.ts).
 */

export type CertificationSnapshot = SnapshotFrom<typeof certificationMachine>;

export const CERTIFICATION_STREAM = 'certification';
export const CERTIFICATION_REQUESTED = 'CertificationRequested';

export type CertificationCommand =
  | { type: 'certification.approve' }
  | { type: 'certification.reject'; reason: string }
  | { type: 'certification.withdraw' };

export type CertificationState = 'reviewing' | 'certified' | 'rejected' | 'withdrawn';

export type CertificationCommandType = CertificationCommand['type'];

/** What a request starts from: its creation fact's data (the ID number already masked). */
export type CertificationRequest = Pick<CertificationContext, 'applicantId' | 'realName' | 'idNumber'>;

export function certificationStateOf(snapshot: CertificationSnapshot): CertificationState {
  return snapshot.value as CertificationState;
}

export function certificationSnapshot(
  state: CertificationState,
  context: CertificationRequest & Partial<CertificationContext>,
): CertificationSnapshot {
  return certificationMachine.resolveState({
    value: state,
    context: { reviewedBy: null, rejectReason: null, actorId: null, ...context },
  });
}

/** A request's row as the read model keeps it and the API answers it (the same names on both sides). */
export interface CertificationRowShape {
  state: CertificationState;
  applicant_id: number;
  real_name: string;
  id_number: string;
  reviewed_by: number | null;
  reject_reason: string | null;
}

/** The snapshot a row stands for: the server loading it, the console asking what is possible (`actorId`: who acts). */
export function certificationOfRow(
  row: CertificationRowShape,
  actorId: number | null = null,
): CertificationSnapshot {
  return certificationSnapshot(row.state, {
    applicantId: row.applicant_id,
    realName: row.real_name,
    idNumber: row.id_number,
    reviewedBy: row.reviewed_by,
    rejectReason: row.reject_reason,
    actorId,
  });
}

export const CERTIFICATION_ACTION_LABEL: Record<CertificationCommandType, string> = {
  'certification.approve': 'certify this member',
  'certification.reject': 'reject this certification request',
  'certification.withdraw': 'withdraw this certification request',
};

export const CERTIFICATION_REASON_TEXT = {
  ownRequest: 'nobody reviews their own certification request: another administrator must',
  notApplicant: 'only the member who asked may withdraw the request',
  reasonRequired: 'a rejection needs a reason of 1 to 200 characters',
  reviewed: 'the request has already been decided',
  open: 'you already have a certification request under review or certified',
} as const;

export type CertificationRefusal = keyof typeof CERTIFICATION_REASON_TEXT;

/** Why a command is refused (called only when it is): under review, each command has one way to be refused. */
function explain(snapshot: CertificationSnapshot, command: CertificationCommand): CertificationRefusal {
  if (certificationStateOf(snapshot) !== 'reviewing') return 'reviewed';
  if (command.type === 'certification.withdraw') return 'notApplicant';
  const { applicantId, actorId } = snapshot.context;
  return mayReview(applicantId, actorId) ? 'reasonRequired' : 'ownRequest';
}

export const certificationLifecycle = defineLifecycle<
  typeof certificationMachine,
  CertificationCommand,
  CertificationRequest
>({
  name: 'certification',
  stream: CERTIFICATION_STREAM,
  machine: certificationMachine,
  createdFact: CERTIFICATION_REQUESTED,
  start: (data) => certificationSnapshot('reviewing', data),
  facts: {
    'certification.approve': (_, s) => [{ type: 'CertificationApproved', data: { by: s.context.actorId } }],
    'certification.reject': (c, s) => [
      {
        type: 'CertificationRejected',
        data: { by: s.context.actorId },
        reason: typeof c.reason === 'string' ? c.reason.trim() : c.reason,
      },
    ],
    'certification.withdraw': (_, s) => [{ type: 'CertificationWithdrawn', data: { by: s.context.actorId } }],
  },
  reasonPrefix: 'certification.reason',
  reasons: CERTIFICATION_REASON_TEXT,
  inputReasons: { reasonRequired: 'reason' },
  actionLabels: CERTIFICATION_ACTION_LABEL,
  describe: (snapshot) => certificationStateOf(snapshot).replace('reviewing', 'under review'),
  explain,
  sample: (type) =>
    type === 'certification.reject' ? { type, reason: 'sample' } : ({ type } as CertificationCommand),
});
