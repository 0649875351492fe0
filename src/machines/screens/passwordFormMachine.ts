import { passwordProblems } from '@/contract/password';
import { changePassword } from '@/services/user';
import { formMachine } from './formMachine';

/**
 * Security settings: changing my password (/user/setting). The staff rule (src/contract/password.ts) answers
 * under the new password; the server checks the current password and the rule again, and signs out the member's
 * other sessions. The form's shape is formMachine.ts.
 *
 * Invariants:
 * - nothing is sent while the current password is empty, the new one breaks the rule, or the confirmation differs;
 * - a wrong current password shows under its field;
 * - after a change the form is empty again (no password stays in memory).
 */

export type PasswordField = 'current' | 'next' | 'confirm';

/** The i18n key of each field's problem, none when the form can be sent. */
export function passwordFormErrors(
  values: Record<PasswordField, string>,
): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (!values.current) errors.current = 'user.password.currentRequired';
  const problem = passwordProblems(values.next)[0];
  if (problem) errors.next = `user.password.${problem}`;
  if (values.confirm !== values.next) errors.confirm = 'user.password.mismatch';
  return errors;
}

export const NO_PASSWORDS: Record<PasswordField, string> = { current: '', next: '', confirm: '' };

export const passwordFormMachine = formMachine<PasswordField, { signed_out_sessions: number }>({
  id: 'passwordForm',
  validate: passwordFormErrors,
  body: (values) => ({ current_password: values.current, new_password: values.next }),
  send: (body) => changePassword(body as { current_password: string; new_password: string }),
  serverFields: { current_password: 'current', new_password: 'next' },
  afterSave: () => NO_PASSWORDS,
});
