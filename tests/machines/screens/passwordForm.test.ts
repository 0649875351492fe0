import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  NO_PASSWORDS,
  passwordFormErrors,
  passwordFormMachine,
} from '@/machines/screens/passwordFormMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

function start(answer: (input: Record<string, string | number>) => Promise<{ signed_out_sessions: number }>) {
  const send = vi.fn(answer);
  const actor = createActor(
    passwordFormMachine.provide({ actors: { send: fromPromise(({ input }) => send(input)) } }),
    { input: { values: NO_PASSWORDS } },
  ).start();
  const fill = (current: string, next: string, confirm = next) => {
    actor.send({ type: 'field.change', field: 'current', value: current });
    actor.send({ type: 'field.change', field: 'next', value: next });
    actor.send({ type: 'field.change', field: 'confirm', value: confirm });
  };
  return { actor, send, fill };
}

describe('the form rules', () => {
  it('want the current password, a new one by the rule, and the same new one twice', () => {
    expect(passwordFormErrors({ current: '', next: 'abc', confirm: 'abd' })).toEqual({
      current: 'user.password.currentRequired',
      next: 'user.password.tooShort',
      confirm: 'user.password.mismatch',
    });
    expect(passwordFormErrors({ current: 'x', next: 'New@Pass1', confirm: 'New@Pass1' })).toEqual({});
  });
});

describe('passwordForm behaviour', () => {
  it('sends nothing while a field is wrong, and shows the problems once a save was tried, as they are fixed', () => {
    const { actor, send, fill } = start(async () => ({ signed_out_sessions: 0 }));
    fill('', 'short');
    expect(actor.getSnapshot().context.errors, 'nothing shown before a save').toEqual({});
    actor.send({ type: 'form.submit' });
    expect(send).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors).toMatchObject({ next: 'user.password.tooShort' });
    actor.send({ type: 'field.change', field: 'next', value: 'Short@1x' });
    expect(actor.getSnapshot().context.errors.next).toBeUndefined();
    expect(actor.getSnapshot().context.errors.confirm).toBe('user.password.mismatch');
    actor.stop();
  });

  it('sends the current and new password, then empties the form and says how many sessions ended', async () => {
    const { actor, send, fill } = start(async () => ({ signed_out_sessions: 2 }));
    fill('Old@Pass1', 'New@Pass1');
    actor.send({ type: 'form.submit' });
    await until(actor, (s) => s.value === 'saved');
    expect(send).toHaveBeenCalledWith({ current_password: 'Old@Pass1', new_password: 'New@Pass1' });
    expect(actor.getSnapshot().context).toMatchObject({
      values: { current: '', next: '', confirm: '' },
      saved: { signed_out_sessions: 2 },
    });
    actor.send({ type: 'field.change', field: 'current', value: 'a' });
    expect(actor.getSnapshot().value === 'editing').toBe(true);
    expect(actor.getSnapshot().context.errors, 'a new form: nothing shown until the next save').toEqual({});
    actor.stop();
  });

  it('shows a refusal naming a field under it, and any other above the form', async () => {
    const wrong = new ApiError('current_password is not your password.', 400, 400, {
      field: 'current_password',
      reason_key: 'user.password.wrongCurrent',
    });
    const { actor, fill } = start(() => Promise.reject(wrong));
    fill('Old@Pass1', 'New@Pass1');
    actor.send({ type: 'form.submit' });
    await until(actor, (s) => s.value === 'editing' && s.context.errors.current !== undefined);
    expect(actor.getSnapshot().context.errors.current).toBe('user.password.wrongCurrent');
    expect(actor.getSnapshot().context.serverError).toBeNull();

    const other = start(() => Promise.reject(new ApiError('Request Error', undefined, 0)));
    other.fill('Old@Pass1', 'New@Pass1');
    other.actor.send({ type: 'form.submit' });
    await until(other.actor, (s) => s.value === 'editing' && s.context.serverError !== null);
    expect(other.actor.getSnapshot().context.errors).toEqual({});
    actor.stop();
    other.actor.stop();
  });
});

describeMachinePaths(passwordFormMachine, {
  input: { values: NO_PASSWORDS },
  events: (s) => [
    ...(['current', 'next', 'confirm'] as const).map((field) => ({
      type: 'field.change',
      field,
      value: s.context.values[field] ? '' : field === 'current' ? 'Old@Pass1' : 'New@Pass1',
    })),
    { type: 'form.submit' },
    { type: 'xstate.done.actor.send', output: { signed_out_sessions: 1 } },
    { type: 'xstate.error.actor.send', error: new Error('x') },
  ],
  limit: 400,
});
