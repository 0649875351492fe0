import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { selectFormUnsaved } from '@/machines/screens/formMachine';
import { profileFormMachine, profileValuesOf } from '@/machines/screens/profileFormMachine';
import type { UserInfo } from '@/services/user';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

const bob: UserInfo = {
  role: 'user',
  name: 'Bob Li',
  email: 'staff@example.com',
  countryRegion: 'CN',
  area: 'Shanghai',
  address: '',
  introduction: 'Customer service.',
  profileVersion: 4,
};

describe('the basic information form', () => {
  it("starts from the member's user info", () => {
    expect(profileValuesOf(bob)).toEqual({
      email: 'staff@example.com',
      nickname: 'Bob Li',
      country_region: 'CN',
      area: 'Shanghai',
      address: '',
      profile: 'Customer service.',
      signed_in_email: 'staff@example.com',
      current_password: '',
      profile_version: '4',
    });
    expect(profileValuesOf(null).email).toBe('');
  });

  it('sends the values, then shows what the server kept and tells the session', async () => {
    const sent: Array<Record<string, string | number>> = [];
    const actor = createActor(
      profileFormMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            sent.push(input);
            return { ...bob, name: 'Bob L.', area: 'Pudong', profileVersion: 5 };
          }),
        },
      }),
      { input: { values: profileValuesOf(bob) } },
    );
    const saved: unknown[] = [];
    actor.on('form.saved', (e) => saved.push(e.output));
    actor.start();
    expect(selectFormUnsaved(actor.getSnapshot()), 'as opened').toBe(false);
    actor.send({ type: 'field.change', field: 'nickname', value: '  Bob L. ' });
    actor.send({ type: 'field.change', field: 'area', value: 'Pudong' });
    expect(selectFormUnsaved(actor.getSnapshot()), 'typed').toBe(true);
    actor.send({ type: 'form.submit' });
    await until(actor, (s) => s.value === 'saved');
    // What the save left is the form's new baseline: nothing is unsaved.
    expect(selectFormUnsaved(actor.getSnapshot()), 'saved').toBe(false);
    const {
      signed_in_email: _email,
      current_password: _password,
      profile_version: _version,
      ...fields
    } = profileValuesOf(bob);
    // With the version the form was loaded at: a save from a page opened before another is refused.
    expect(sent).toEqual([{ ...fields, nickname: '  Bob L. ', area: 'Pudong', expectedVersion: 4 }]);
    // The next save names the version this one made.
    expect(actor.getSnapshot().context.values).toMatchObject({
      nickname: 'Bob L.',
      area: 'Pudong',
      profile_version: '5',
    });
    expect(saved).toEqual([{ ...bob, name: 'Bob L.', area: 'Pudong', profileVersion: 5 }]);
    actor.stop();
  });

  it('takes the password for a new email, and sends it only then', async () => {
    const sent: Array<Record<string, string | number>> = [];
    const actor = createActor(
      profileFormMachine.provide({
        actors: { send: fromPromise(async ({ input }) => (sent.push(input), bob)) },
      }),
      { input: { values: profileValuesOf(bob) } },
    ).start();
    actor.send({ type: 'field.change', field: 'email', value: 'bob.li@example.com' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ current_password: 'user.profile.passwordForEmail' });
    actor.send({ type: 'field.change', field: 'current_password', value: 'Staff@123456' });
    actor.send({ type: 'form.submit' });
    await until(actor, (s) => s.value === 'saved');
    expect(sent[0]).toMatchObject({ email: 'bob.li@example.com', current_password: 'Staff@123456' });
    expect(actor.getSnapshot().context.values.current_password).toBe('');
    actor.stop();
  });

  it('sends nothing with a required field empty', () => {
    const actor = createActor(profileFormMachine, { input: { values: profileValuesOf(bob) } }).start();
    actor.send({ type: 'field.change', field: 'area', value: ' ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ area: 'user.profile.areaRequired' });
    actor.stop();
  });
});

describeMachinePaths(profileFormMachine, {
  input: { values: profileValuesOf(bob) },
  events: (s) => [
    { type: 'field.change', field: 'area', value: s.context.values.area ? '' : 'Pudong' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.send', output: bob },
    { type: 'xstate.error.actor.send', error: new Error('x') },
  ],
  limit: 200,
});
