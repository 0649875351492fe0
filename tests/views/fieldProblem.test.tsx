// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { detailScreenMachine, type DetailEntity, type Loaded } from '@/machines/screens/detailScreenMachine';
import { supplierScreen } from '@/machines/screens/supplierScreens';
import { ApiError } from '@/services/http';
import { TextField } from '@/views/kit/detailScreen';
import { history, supplierRow } from '../machines/screens/supplierScreenFixtures';
import { mount } from './support/mount';

describe('a field the server refused', () => {
  it.each([
    ['en-US', 'Bio must be at most 500 characters.'],
    ['zh-CN', '简介 最多 500 个字符。'],
  ])('says its problem with the label and the limit, in %s', async (locale, expected) => {
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
    const { el, i18n } = mount(<TextField actor={actor} field="bio" label="supply.field.bio" />, locale);
    const helper = el.querySelector('.bp6-form-helper-text')?.textContent ?? '';
    const label = i18n.t('supply.field.bio');
    expect(helper).toBe(expected);
    expect(helper).toContain(label);
    expect(helper).toContain('500');
    expect(helper).not.toContain('{{');
  });
});
