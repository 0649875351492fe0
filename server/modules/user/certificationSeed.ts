import type { Kysely } from 'kysely';
import { CERTIFICATION_STREAM } from '../../../src/machines/lifecycles/certificationLifecycle';
import { idCardCheckDigit } from '../../../src/machines/lifecycles/supplierProfile';
import type { Database } from '../../db/schema';
import { runCommand, runCreate } from '../../kit/pipeline';
import { seedOnce } from '../../kit/seedOnce';
import { certificationEntity } from './certification';

/**
 * Demo certification requests, made as the certification tab makes them: the staff member's first request,
 * rejected by the admin, and their second one waiting for review; the admin's own, waiting for another
 * administrator. Idempotent: runs only while no certification stream exists.
 */

/** A well-formed resident ID number (a real birth date, a valid check digit) for demo data. */
const idNumber = (first17: string) => first17 + idCardCheckDigit(first17);

export function seedCertifications(db: Kysely<Database>): Promise<void> {
  return seedOnce(db, CERTIFICATION_STREAM, async (conn, { admin, staff }) => {
    if (staff.id === admin.id) return;
    const ask = (actor: typeof staff, real_name: string, id_number: string) =>
      runCreate({ db: conn, actor }, certificationEntity, { real_name, id_number }).then(
        (r) => r.record as { id: number; version: number },
      );
    const first = await ask(staff, '李明', idNumber('33010619900307211'));
    await runCommand(
      { db: conn, actor: admin },
      certificationEntity,
      first.id,
      {
        type: 'certification.reject',
        reason: '姓名与身份证号码不一致，请核对后重新提交。',
      },
      first.version,
    );
    await ask(staff, '李敏', idNumber('33010619900307212'));
    await ask(admin, '王芳', idNumber('11010519851124004'));
  });
}
