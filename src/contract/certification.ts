import type { ListSpec } from './list';

/**
 * A staff member's real-name certification (/user/setting, the certification tab): the member asks with their
 * name as on their resident ID card and its number; an administrator other than the member certifies or rejects
 * it. The request's rules are the lifecycle's (src/machines/lifecycles/certificationRules.ts).
 */

/**
 * An ID number as every answer of the API shows it: its first four and last four characters
 * (`3301**********1234`). The log keeps the number; no answer of the API carries it whole.
 */
export function maskIdNumber(value: string): string {
  const v = value.trim().toUpperCase();
  return v.length <= 8 ? '*'.repeat(v.length) : `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}

export const CERTIFICATION_STATES = ['reviewing', 'certified', 'rejected', 'withdrawn'] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

/** A member has at most one request in these states: a new one waits until it is rejected or withdrawn. */
export const OPEN_CERTIFICATION_STATES: readonly CertificationState[] = ['reviewing', 'certified'];

/** The certification requests, as both sides query them: a member reads their own, an administrator everyone's. */
export const CERTIFICATION_LIST = {
  filters: { applicant_id: { kind: 'id' } },
  tabs: { column: 'state', values: CERTIFICATION_STATES },
  sorts: { created_at: { order: 'desc' }, updated_at: { order: 'desc' } },
  defaultSort: 'created_at',
  pageSize: { default: 10, max: 100 },
} as const satisfies ListSpec;

export type { CertificationDto } from './certification.schema';
