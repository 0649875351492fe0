import { birthdayFromIdCard, idCardProblem } from './supplierProfile';
import { textLength } from './visibleText';

/**
 * The rules of a real-name certification request (/user/setting, certification tab): read by the console before it
 * sends and by the server, which refuses a request that breaks one with the same key (`certification.validation.*`).
 */

export const CERTIFICATION_LIMITS = { realNameMin: 2, realNameMax: 30, reasonMax: 200 } as const;

export interface CertificationValues {
  real_name: string;
  id_number: string;
}

export type CertificationField = keyof CertificationValues;

export const CERTIFICATION_FIELDS: readonly CertificationField[] = ['real_name', 'id_number'];

/** The rules in English, by the short key of `certification.validation.<key>` (API clients and logs). */
export const CERTIFICATION_PROBLEM_TEXT = {
  nameRequired: 'Please enter your name as it is on your ID card.',
  nameLength: `The name must be ${CERTIFICATION_LIMITS.realNameMin} to ${CERTIFICATION_LIMITS.realNameMax} characters.`,
  idRequired: 'Please enter your ID card number.',
  idFormat: 'The ID card number must be 18 characters: 17 digits and a digit or X, with a real birth date.',
  idChecksum: 'The ID card number is not valid (its last character does not match).',
  idBirth: 'The birth date in the ID card number must be a past day, from 1900 on.',
} as const;

export type CertificationProblem = keyof typeof CERTIFICATION_PROBLEM_TEXT;

/** Each broken rule as field → short key; none when the request may be sent. `today`: YYYY-MM-DD. */
export function certificationProblems(
  values: CertificationValues,
  today: string,
): Partial<Record<CertificationField, CertificationProblem>> {
  const problems: Partial<Record<CertificationField, CertificationProblem>> = {};
  const name = values.real_name.trim();
  const length = textLength(name);
  if (!name) problems.real_name = 'nameRequired';
  else if (length < CERTIFICATION_LIMITS.realNameMin || length > CERTIFICATION_LIMITS.realNameMax)
    problems.real_name = 'nameLength';
  const id = values.id_number.trim();
  if (!id) problems.id_number = 'idRequired';
  else {
    const problem = idCardProblem(id);
    if (problem) problems.id_number = problem === 'format' ? 'idFormat' : 'idChecksum';
    else {
      const birth = birthdayFromIdCard(id);
      if (birth >= today || birth < '1900-01-01') problems.id_number = 'idBirth';
    }
  }
  return problems;
}
