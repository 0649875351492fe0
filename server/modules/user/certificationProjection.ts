import type { Selectable } from 'kysely';
import type { CertificationDto } from '../../../src/contract/certification';
import {
  certificationOfRow,
  certificationStateOf,
  type CertificationRowShape,
  type CertificationSnapshot,
} from '../../../src/machines/lifecycles/certificationLifecycle';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The certification requests' read model: one row per request, its state and who reviewed it. */

/** The row the lifecycle maps to and from (`id_number` masked: the log never held the whole number), with the
 * columns every read-model table has. */
export interface CertificationsTable extends RecordColumns, CertificationRowShape {}

declare module '../../db/schema' {
  interface Database {
    certifications: CertificationsTable;
  }
}

export type CertificationRow = Selectable<CertificationsTable>;

export const certificationProjection = tableProjection<CertificationSnapshot>({
  table: 'certifications',
  toRow: (s) => ({
    state: certificationStateOf(s),
    applicant_id: s.context.applicantId,
    real_name: s.context.realName,
    id_number: s.context.idNumber,
    reviewed_by: s.context.reviewedBy,
    reject_reason: s.context.rejectReason,
  }),
  fromRow: (row: CertificationRow) => certificationOfRow(row),
});

/** A request as the API shows it; the names come from the members' list (`memberNames` in certification.ts). */
export function certificationToApi(row: Record<string, unknown>): CertificationDto {
  const r = row as unknown as CertificationRow & Record<string, string | null | undefined>;
  return {
    id: r.id,
    version: r.version,
    state: r.state,
    applicant_id: r.applicant_id,
    applicant_name: r.applicant_name ?? null,
    applicant_email: r.applicant_email ?? null,
    real_name: r.real_name,
    id_number: r.id_number,
    reviewed_by: r.reviewed_by,
    reviewer_name: r.reviewer_name ?? null,
    reject_reason: r.reject_reason,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
