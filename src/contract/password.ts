/**
 * The staff password rule (SPEC §5, user setting): at least six characters; letters, digits and special
 * characters, spaces excepted; both upper and lower case. Both sides check it with this one function.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_PROBLEMS = [
  'tooShort',
  'tooLong',
  'space',
  'noLower',
  'noUpper',
  'noDigit',
  'noSpecial',
] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/** What keeps `password` from being a staff password, in the order the hint lists them; none: it is one. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (length > PASSWORD_MAX_LENGTH) problems.push('tooLong');
  if (/\s/.test(password)) problems.push('space');
  if (!/[a-z]/.test(password)) problems.push('noLower');
  if (!/[A-Z]/.test(password)) problems.push('noUpper');
  if (!/[0-9]/.test(password)) problems.push('noDigit');
  if (!/[^A-Za-z0-9\s]/.test(password)) problems.push('noSpecial');
  return problems;
}
