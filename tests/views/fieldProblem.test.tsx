// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createI18n } from '@/i18n';
import { detailScreenMachine, type DetailEntity, type Loaded } from '@/machines/screens/detailScreenMachine';
import { supplierScreen } from '@/machines/screens/supplierScreens';
import { ApiError } from '@/services/http';
import { TextField } from '@/views/kit/detailScreen';
import { history, supplierRow } from '../machines/screens/supplierScreenFixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('a field the server refused', () => {
  it.each([
    ['en-US', 'Bio must be at most 500 characters.'],
    ['zh-CN', undefined],
  ])('says its problem with the label and the limit, in %s', async (locale, expected) => {
    const i18n = createI18n(locale);
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
    const el = document.createElement('div');
    document.body.append(el);
    root = createRoot(el);
    act(() =>
      root!.render(
        <I18nextProvider i18n={i18n}>
          <TextField actor={actor} field="bio" label="supply.field.bio" />
        </I18nextProvider>,
      ),
    );
    const helper = el.querySelector('.bp6-form-helper-text')?.textContent ?? '';
    const label = i18n.t('supply.field.bio');
    expect(helper).toBe(expected ?? i18n.t('errors.validation.maxLength', { field: label, limit: 500 }));
    expect(helper).toContain(label);
    expect(helper).toContain('500');
    expect(helper).not.toContain('{{');
  });
});
