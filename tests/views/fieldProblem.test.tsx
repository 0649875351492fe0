// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { detailScreenMachine, type DetailEntity, type Loaded } from '@/machines/screens/detailScreenMachine';
import { supplierScreen } from '@/machines/screens/supplierScreens';
import { ApiError } from '@/services/http';
import { DetailErrors, TextField } from '@/views/kit/detailScreen';
import { history, supplierRow } from '../machines/screens/supplierScreenFixtures';
import { mount } from './support/mount';

/** A supplier page whose save the server refused, naming `bio`, with `bio` changed to 20 characters. */
async function refusedOnBio() {
  const machine = detailScreenMachine.provide({
    actors: {
      load: fromPromise(async (): Promise<Loaded> => ({ record: supplierRow(), history })),
      save: fromPromise(async (): Promise<Loaded> => {
        throw new ApiError('bio must be at most 500 characters.', 400, 400, {
          field: 'bio',
          reason_key: 'errors.validation.maxLength',
          values: { field: 'bio', limit: 500 },
        });
      }),
    },
  });
  const actor = createActor(machine, {
    input: { id: 1, role: 'admin', today: '2026-12-04', entity: supplierScreen as DetailEntity },
  });
  actor.start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'field.change', field: 'bio', value: 'x'.repeat(20) });
  actor.send({ type: 'form.save' });
  await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
  return actor;
}

describe('a field the server refused', () => {
  it('is said under the field once, not again above the form, while the page shows the field', async () => {
    const actor = await refusedOnBio();
    const page = (fields: ReactNode) => (
      <>
        <DetailErrors actor={actor} />
        {fields}
      </>
    );
    const { el, rerender } = mount(page(<TextField actor={actor} field="bio" label="Bio" />));
    const callout = () => el.querySelector('.kit-action-error');
    expect(el.querySelector('[data-problem="bio"]')?.textContent).toBe('Bio must be at most 500 characters.');
    expect(callout()).toBeNull();
    // A page that does not show the field now (another field only): the refusal is said above the form.
    rerender(page(<TextField actor={actor} field="name" label="Name" />));
    expect(callout()?.textContent).toContain('500');
    rerender(page(<TextField actor={actor} field="bio" label="Bio" />));
    expect(callout()).toBeNull();
    rerender(page(null));
    expect(callout()?.textContent).toContain('500');
  });

  it.each([
    ['en-US', 'Bio must be at most 500 characters.'],
    ['zh-CN', '简介 最多 500 个字符。'],
  ])('says its problem with the label and the limit, in %s', async (locale, expected) => {
    const actor = await refusedOnBio();
    const { el, i18n } = mount(<TextField actor={actor} field="bio" label="supply.field.bio" />, locale);
    const helper = el.querySelector('.bp6-form-helper-text')?.textContent ?? '';
    const label = i18n.t('supply.field.bio');
    expect(helper).toBe(expected);
    expect(helper).toContain(label);
    expect(helper).toContain('500');
    expect(helper).not.toContain('{{');
  });
});

describe('a phone field', () => {
  it('takes a number typed with full-width digits as its ASCII digits', async () => {
    const actor = await refusedOnBio();
    const { el } = mount(<TextField actor={actor} field="mobile" label="Mobile" type="tel" />);
    const input = el.querySelector('input')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
        input,
        '１３９１０００００００',
      );
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(actor.getSnapshot().context.form.mobile).toBe('13910000000');
  });
});

describe('a field with a length limit', () => {
  it('counts what is typed against the limit, and still says its problem beside the count', async () => {
    const actor = await refusedOnBio();
    const { el, rerender } = mount(
      <TextField actor={actor} field="bio" label="Bio" multiline maxLength={500} />,
    );
    const count = () => el.querySelector('[data-testid="char-count"]');
    expect(count()?.textContent).toBe('20 / 500');
    expect(el.querySelector('[data-problem="bio"]')?.textContent).toBe('Bio must be at most 500 characters.');
    expect(el.querySelector('.kit-action-error')).toBeNull();
    act(() => actor.send({ type: 'field.change', field: 'bio', value: 'y'.repeat(501) }));
    expect(count()?.textContent).toBe('501 / 500');
    expect(count()?.classList.contains('kit-count-over')).toBe(true);
    // Without a limit, no count.
    rerender(<TextField actor={actor} field="bio" label="Bio" multiline />);
    expect(count()).toBeNull();
  });
});
