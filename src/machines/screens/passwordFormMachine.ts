import { assign, fromPromise, setup } from 'xstate';
import { passwordProblems } from '@/contract/password';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { changePassword } from '@/services/user';

/**
 * Security settings: changing my password (/user/setting). The staff rule (src/contract/password.ts) answers
 * under the new password as it is typed once a save was tried; the server checks the current password and the
 * rule again, and signs out the member's other sessions.
 *
 * Invariants:
 * - nothing is sent while a field is wrong: the current password empty, the new one breaking the rule, the
 *   confirmation different;
 * - a refusal naming a field (a wrong current password) shows under that field; others above the form;
 * - after a change the form is empty again (no password stays in memory), and says how many sessions ended.
 */

export type PasswordField = 'current' | 'next' | 'confirm';

export interface PasswordFormContext {
  values: Record<PasswordField, string>;
  /** i18n keys per field; shown once a save was tried. */
  errors: Partial<Record<PasswordField, string>>;
  tried: boolean;
  serverError: ErrorText | null;
  signedOut: number | null;
}

export type PasswordFormEvent =
  | { type: 'field.change'; field: PasswordField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.again' };

const SERVER_FIELDS: Record<string, PasswordField> = { current_password: 'current', new_password: 'next' };

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

const EMPTY = { current: '', next: '', confirm: '' };

export const passwordFormMachine = setup({
  types: {
    context: {} as PasswordFormContext,
    events: {} as PasswordFormEvent,
  },
  actors: {
    send: fromPromise<{ signed_out_sessions: number }, { current: string; next: string }>(({ input }) =>
      changePassword({ current_password: input.current, new_password: input.next }),
    ),
  },
  guards: {
    valid: ({ context }) => Object.keys(passwordFormErrors(context.values)).length === 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, errors: context.tried ? passwordFormErrors(values) : {}, serverError: null };
    }),
    showErrors: assign(({ context }) => ({ tried: true, errors: passwordFormErrors(context.values) })),
    done: assign(({ event }) => ({
      values: EMPTY,
      errors: {},
      tried: false,
      signedOut: (event as unknown as { output: { signed_out_sessions: number } }).output.signed_out_sessions,
    })),
    refused: assign(({ event }) => {
      const error = (event as unknown as { error: { data?: { field?: string } } }).error;
      const text = errorTextOf(error);
      const field = SERVER_FIELDS[error?.data?.field ?? ''];
      return field
        ? { errors: { [field]: text.keys[0] ?? 'errors.unknown' }, serverError: null }
        : { serverError: text };
    }),
  },
}).createMachine({
  id: 'passwordForm',
  context: { values: EMPTY, errors: {}, tried: false, serverError: null, signedOut: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'change' },
        'form.submit': [{ guard: 'valid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ current: context.values.current, next: context.values.next }),
        onDone: { target: 'changed', actions: 'done' },
        onError: { target: 'editing', actions: 'refused' },
      },
    },
    changed: {
      on: { 'form.again': 'editing', 'field.change': { target: 'editing', actions: 'change' } },
    },
  },
});
