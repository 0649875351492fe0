import {
  CERTIFICATION_LIST,
  OPEN_CERTIFICATION_STATES,
  type CertificationDto,
} from '@/contract/certification';
import { certificationLifecycle, certificationOfRow } from '@/machines/lifecycles/certificationLifecycle';
import {
  CERTIFICATION_FIELDS,
  certificationProblems,
  type CertificationField,
} from '@/machines/lifecycles/certificationRules';
import { certificationsApi } from '@/services/certifications';
import { formMachine } from './formMachine';
import { localToday } from './localTime';
import type { ScreenEntity } from './screenEntity';
import { listFor } from './screenActors';

/**
 * The certification tab of /user/setting, declared on the screen kit: the requests as a list (a member's own; an
 * administrator's list holds everyone's, to review), each row's actions asked of the lifecycle with the signed-in
 * member as the one acting, and the form that asks (formMachine.ts, with the lifecycle's request rules).
 */

export const certificationScreen: ScreenEntity<CertificationDto> = {
  lifecycle: certificationLifecycle,
  snapshotOf: (row, viewerId) => certificationOfRow(row, viewerId ?? null),
  labelOf: (row) => row.real_name,
};

export const CERTIFICATION_SPEC = CERTIFICATION_LIST;

/** Of a member's own requests (newest first), the one that stands: under review or certified; null when none. */
export function standingRequest(mine: readonly CertificationDto[]): CertificationDto | null {
  return mine.find((r) => OPEN_CERTIFICATION_STATES.includes(r.state)) ?? null;
}

/** The reason of a member's latest request when it was rejected (shown above the form to ask again), else null. */
export function lastRejection(mine: readonly CertificationDto[]): string | null {
  return mine[0]?.state === 'rejected' ? mine[0].reject_reason : null;
}

export const certificationList = listFor(certificationsApi);

export const NO_CERTIFICATION: Record<CertificationField, string> = { real_name: '', id_number: '' };

/** Each field's problem as an i18n key (`certification.validation.*`). */
export function certificationFormErrors(values: Record<CertificationField, string>, today = localToday()) {
  const problems = certificationProblems(values, today);
  return Object.fromEntries(
    CERTIFICATION_FIELDS.filter((f) => problems[f]).map((f) => [
      f,
      `certification.validation.${problems[f]}`,
    ]),
  ) as Partial<Record<CertificationField, string>>;
}

export const certificationFormMachine = formMachine<CertificationField, CertificationDto>({
  id: 'certificationForm',
  validate: certificationFormErrors,
  send: (body) => certificationsApi.create(body),
  serverFields: { real_name: 'real_name', id_number: 'id_number' },
  afterSave: () => NO_CERTIFICATION,
});
