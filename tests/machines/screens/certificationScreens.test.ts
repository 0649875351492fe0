import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CertificationDto } from '@/contract/certification';
import { allowedAction } from '@/machines/screens/screenEntity';
import {
  NO_CERTIFICATION,
  certificationFormErrors,
  certificationFormMachine,
  certificationScreen,
  lastRejection,
  standingRequest,
} from '@/machines/screens/certificationScreens';
import { idCardCheckDigit } from '@/machines/lifecycles/supplierProfile';
import { ApiError } from '@/services/http';
import { until } from '../../support/until';

const row = (
  id: number,
  state: CertificationDto['state'],
  extra: Partial<CertificationDto> = {},
): CertificationDto => ({
  id,
  version: 1,
  state,
  applicant_id: 7,
  applicant_name: 'Bob Li',
  applicant_email: 'staff@example.com',
  real_name: '李敏',
  id_number: '3301**********2124',
  reviewed_by: null,
  reviewer_name: null,
  reject_reason: null,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:00:00.000Z',
  ...extra,
});

describe('where a member stands', () => {
  it('is the request under review or certified, whatever came before it', () => {
    expect(standingRequest([])).toBeNull();
    expect(standingRequest([row(3, 'withdrawn'), row(2, 'rejected')])).toBeNull();
    expect(standingRequest([row(4, 'reviewing'), row(2, 'rejected')])?.id).toBe(4);
    expect(standingRequest([row(5, 'withdrawn'), row(4, 'certified')])?.id).toBe(4);
  });

  it('shows the reason of the latest request only when that one was rejected', () => {
    expect(lastRejection([row(2, 'rejected', { reject_reason: 'Blurred' })])).toBe('Blurred');
    expect(lastRejection([row(3, 'withdrawn'), row(2, 'rejected', { reject_reason: 'Blurred' })])).toBeNull();
    expect(lastRejection([])).toBeNull();
  });
});

describe('the actions a row offers', () => {
  const ask = (type: string, role: string, viewer: number) =>
    allowedAction(certificationScreen, row(4, 'reviewing'), type, role, viewer).ok;
  it('follow the lifecycle with the signed-in member as the one acting', () => {
    expect(ask('certification.approve', 'admin', 1)).toBe(true);
    expect(ask('certification.approve', 'admin', 7)).toBe(false);
    expect(ask('certification.reject', 'user', 1)).toBe(false);
    expect(ask('certification.withdraw', 'user', 7)).toBe(true);
    expect(ask('certification.withdraw', 'admin', 1)).toBe(false);
    expect(
      allowedAction(certificationScreen, row(4, 'certified'), 'certification.withdraw', 'user', 7).ok,
    ).toBe(false);
  });
});

describe('the form that asks', () => {
  it('names a row by the name asked with', () => {
    expect(certificationScreen.labelOf(row(4, 'reviewing'))).toBe('李敏');
  });

  it('shows a refusal naming a field under that field', async () => {
    const refuse = new ApiError('The ID card number is not valid.', 400, 400, {
      field: 'id_number',
      reason_key: 'certification.validation.idChecksum',
    });
    const actor = createActor(
      certificationFormMachine.provide({
        actors: {
          send: fromPromise<unknown, Record<string, string | number>>(() => Promise.reject(refuse)),
        },
      }),
      { input: { values: { real_name: '李敏', id_number: valid } } },
    ).start();
    actor.send({ type: 'form.submit' });
    await until(actor, (s) => s.value === 'editing' && s.context.errors.id_number !== undefined);
    expect(actor.getSnapshot().context.errors).toEqual({ id_number: 'certification.validation.idChecksum' });
    actor.stop();
  });

  const first17 = '31011519880412567';
  const valid = first17 + idCardCheckDigit(first17);

  it('names the rule each field breaks, by its i18n key', () => {
    expect(certificationFormErrors(NO_CERTIFICATION)).toEqual({
      real_name: 'certification.validation.nameRequired',
      id_number: 'certification.validation.idRequired',
    });
    expect(certificationFormErrors({ real_name: '李敏', id_number: valid })).toEqual({});
  });

  it('sends the values once they keep the rules, and is empty again after', async () => {
    const sent: Array<Record<string, string>> = [];
    const actor = createActor(
      certificationFormMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            sent.push(input as Record<string, string>);
            return row(9, 'reviewing');
          }),
        },
      }),
      { input: { values: NO_CERTIFICATION } },
    ).start();
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    actor.send({ type: 'field.change', field: 'real_name', value: '李敏' });
    actor.send({ type: 'field.change', field: 'id_number', value: valid });
    actor.send({ type: 'form.submit' });
    await until(actor, (s) => s.value === 'saved');
    expect(sent).toEqual([{ real_name: '李敏', id_number: valid }]);
    expect(actor.getSnapshot().context.values).toEqual(NO_CERTIFICATION);
    actor.stop();
  });
});
