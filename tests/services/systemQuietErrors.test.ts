import { afterEach, describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { ApiError, http, onApiError, onSessionExpired } from '@/services/http';
import { entityApi, uploadFile } from '@/services/entityApi';
import { serviceCitiesApi } from '@/services/serviceCities';
import { suppliersApi } from '@/services/suppliers';
import * as commission from '@/services/commission';
import * as configs from '@/services/globalConfigs';

/**
 * The list and detail screens and the system pages show every refusal and failure inline; their calls must not
 * also raise the global error toast (`onApiError`). Session expiry is still reported (it opens the logout modal).
 */
afterEach(() => {
  http.defaults.adapter = undefined;
});

function refuseEverything(errCode: number) {
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => ({
    data: { err_code: errCode, err_msg: 'refused', data: null },
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
}

const blob = new Blob(['x'], { type: 'audio/mpeg' });
const calls: [string, () => Promise<unknown>][] = [
  ['entity list', () => serviceCitiesApi.list({ page: '1' })],
  ['entity get', () => serviceCitiesApi.get(1)],
  ['entity history', () => serviceCitiesApi.history(1)],
  ['entity create', () => serviceCitiesApi.create({ name: 'X' })],
  ['entity save', () => serviceCitiesApi.save(1, { name: 'Y' }, 1)],
  ['entity command', () => serviceCitiesApi.command(1, { type: 'serviceCity.close' }, 1)],
  ['entity bulk', () => suppliersApi.bulk({ type: 'supplier.approve' }, [{ id: 1, expectedVersion: 1 }])],
  ['entity export link', () => entityApi('/api/x', 'x').exportLink({})],
  ['image upload', () => uploadFile(new Blob(['x']), 'cover')],
  ['getCommission', () => commission.getCommission()],
  ['getCommissionHistory', () => commission.getCommissionHistory()],
  [
    'sendCommissionCommand',
    () =>
      commission.sendCommissionCommand({ type: 'commission.removeOverride', scope: 'city', target: 'X' }, 1),
  ],
  ['listCityNames', () => commission.listCityNames()],
  ['getGlobalConfigs', () => configs.getGlobalConfigs()],
  ['saveGlobalConfigs', () => configs.saveGlobalConfigs({ sos_mobile: '1' }, 1)],
  ['uploadSettingsFile (sos sound)', () => configs.uploadSettingsFile(blob, 'audio', 'sos_sound')],
  // The agreement's editor says the reason in its own toast (src/views/richtext/RichTextEditor.tsx).
  ['uploadSettingsFile (agreement image)', () => configs.uploadSettingsFile(blob, 'image', 'agreement')],
];

describe('system services report failures only to their caller', () => {
  it.each(calls)('%s rejects with the ApiError and raises no global toast', async (_name, call) => {
    const toasts: ApiError[] = [];
    const off = onApiError((e) => toasts.push(e));
    refuseEverything(40902);
    try {
      await expect(call()).rejects.toMatchObject({ message: 'refused', code: 40902 });
      expect(toasts).toEqual([]);
    } finally {
      off();
    }
  });

  it('still reports an expired session', async () => {
    const expired: ApiError[] = [];
    const off = onSessionExpired((e) => expired.push(e));
    refuseEverything(50008);
    try {
      await expect(commission.getCommission()).rejects.toBeInstanceOf(ApiError);
      expect(expired).toHaveLength(1);
    } finally {
      off();
    }
  });
});
