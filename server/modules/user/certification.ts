import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  CERTIFICATION_LIST,
  OPEN_CERTIFICATION_STATES,
  maskIdNumber,
} from '../../../src/contract/certification';
import { CertificationApi } from '../../../src/contract/certification.schema';
import { mayRole } from '../../../src/contract/policy';
import {
  CERTIFICATION_REASON_TEXT,
  certificationLifecycle,
  type CertificationSnapshot,
} from '../../../src/machines/lifecycles/certificationLifecycle';
import {
  CERTIFICATION_FIELDS,
  CERTIFICATION_LIMITS,
  CERTIFICATION_PROBLEM_TEXT,
  certificationProblems,
} from '../../../src/machines/lifecycles/certificationRules';
import * as certificationsMigration from '../../db/migrations/2026_11_27_0500_certifications';
import type { Database } from '../../db/schema';
import { Conflict, ValidationError } from '../../errors';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { memberColumn, membersOf } from '../../kit/memberNames';
import { entityRoutes } from '../../kit/routes';
import type { ServerModule } from '../types';
import { certificationProjection, certificationToApi } from './certificationProjection';
import { seedCertifications } from './certificationSeed';

/**
 * Real-name certification of a staff member (/user/setting, the certification tab), declared for the entity kit.
 * A member reads only their own requests; an administrator reads everyone's and reviews the others' (the policy
 * table's `certification.readAll`). The whole ID number is checked (format, birth date, check digit) and then
 * kept only masked: neither the log nor any answer holds it.
 */

/** One open request per member (under review or certified); the member's requests take turns while it is checked. */
const oneOpenRequest: CrossGuard<CertificationSnapshot, never> = {
  name: 'oneOpenRequest',
  check: async ({ trx, actor, command }) => {
    const applicantId = actor.id!;
    await sql`select pg_advisory_xact_lock(hashtext(${`certification:${applicantId}`}))`.execute(trx);
    const open = await trx
      .selectFrom('certifications')
      .select('id')
      .where('applicant_id', '=', applicantId)
      .where('state', 'in', OPEN_CERTIFICATION_STATES)
      .executeTakeFirst();
    if (open) {
      throw new Conflict(
        `Cannot ask for certification: ${CERTIFICATION_REASON_TEXT.open} (request ${open.id}).`,
        {
          reason_key: 'certification.reason.open',
          id: open.id,
        },
      );
    }
    return { ...(command as object), applicantId } as never;
  },
};

export const certificationEntity = defineEntity({
  lifecycle: certificationLifecycle,
  title: 'real_name',
  label: 'Certification',
  path: '/api/certifications',
  responseKey: 'certification',
  idSequence: 'certification_id_seq',
  projection: certificationProjection,
  toApi: certificationToApi,
  apiSchema: CertificationApi,
  create: {
    body: Type.Object(
      {
        real_name: Type.String({
          maxLength: CERTIFICATION_LIMITS.realNameMax * 4,
          description: `your name as on your ID card, ${CERTIFICATION_LIMITS.realNameMin} to ${CERTIFICATION_LIMITS.realNameMax} characters`,
        }),
        id_number: Type.String({
          maxLength: 40,
          description: 'your resident ID card number: 18 characters, 17 digits and a digit or X',
        }),
      },
      { additionalProperties: false },
    ),
    data: (body) => {
      const values = { real_name: String(body.real_name), id_number: String(body.id_number) };
      // Judged on the server's day (UTC); the console judges on the member's own.
      const problems = certificationProblems(values, new Date().toISOString().slice(0, 10));
      const field = CERTIFICATION_FIELDS.find((f) => problems[f]);
      if (field) {
        const problem = problems[field]!;
        throw new ValidationError(CERTIFICATION_PROBLEM_TEXT[problem], field, {
          key: `certification.validation.${problem}`,
          values: { ...CERTIFICATION_LIMITS },
        });
      }
      return { realName: values.real_name.trim(), idNumber: maskIdNumber(values.id_number) };
    },
  },
  commands: {
    fields: {
      'certification.approve': {},
      'certification.reject': {
        reason: Type.String({
          maxLength: CERTIFICATION_LIMITS.reasonMax * 4,
          description: `a reason of 1 to ${CERTIFICATION_LIMITS.reasonMax} characters`,
        }),
      },
      'certification.withdraw': {},
    },
  },
  feed: async ({ actor }) => ({ actorId: actor.id }),
  guards: { create: [oneOpenRequest] },
  readScope: (actor) =>
    mayRole(actor.role, 'certification.readAll') ? null : { column: 'applicant_id', value: actor.id ?? 0 },
  list: CERTIFICATION_LIST,
  listItemColumns: {
    applicant_name: (table) => memberColumn(table, 'applicant_id'),
    applicant_email: (table) => memberColumn(table, 'applicant_id', 'email'),
    reviewer_name: (table) => memberColumn(table, 'reviewed_by'),
  },
});

/** The applicant's and the reviewer's names, from the members' list. */
async function memberNames(db: Kysely<Database>, row: Record<string, unknown>) {
  const user = await membersOf(db, [row.applicant_id, row.reviewed_by]);
  return {
    applicant_name: user(row.applicant_id)?.name ?? null,
    applicant_email: user(row.applicant_id)?.email ?? null,
    reviewer_name: user(row.reviewed_by)?.name ?? null,
  };
}

const routes = entityRoutes(certificationEntity, {
  detail: memberNames,
  csv: [
    { header: 'id', value: (c) => c.id },
    { header: 'state', value: (c) => c.state },
    { header: 'applicant_email', value: (c) => c.applicant_email },
    { header: 'real_name', value: (c) => c.real_name },
    { header: 'id_number', value: (c) => c.id_number },
    { header: 'reviewer_name', value: (c) => c.reviewer_name },
    { header: 'reject_reason', value: (c) => c.reject_reason },
    { header: 'created_at', value: (c) => c.created_at },
  ],
});

export const certificationsModule: ServerModule = {
  name: 'certifications',
  routes,
  entities: [certificationEntity],
  migrations: { '2026_11_27_0500_certifications': certificationsMigration },
  seed: seedCertifications,
};
