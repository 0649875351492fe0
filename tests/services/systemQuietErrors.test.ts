import { afterEach, describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { ApiError, http, onApiError, onSessionExpired } from '@/services/http';
import * as cities from '@/services/serviceCities';
import * as commission from '@/services/commission';
import * as configs from '@/services/globalConfigs';

/**
 * The system screens show every refusal and failure inline; their calls must not also raise the global error
 * toast (`onApiError`). Session expiry is still reported (it opens the logout modal).
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
  ['listServiceCities', () => cities.listServiceCities({ page: 1, page_size: 10 } as never)],
  ['getServiceCity', () => cities.getServiceCity(1)],
  ['getServiceCityHistory', () => cities.getServiceCityHistory(1)],
  ['createServiceCity', () => cities.createServiceCity({ name: 'X', ranking: 1 } as never)],
  ['updateServiceCity', () => cities.updateServiceCity(1, { name: 'Y' }, 1)],
  ['sendServiceCityCommand', () => cities.sendServiceCityCommand(1, 'serviceCity.close', 1)],
  ['deleteServiceCity', () => cities.deleteServiceCity(1, 1)],
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

  it('keeps the toast for agreement images, whose editor does not show the reason', async () => {
    const toasts: ApiError[] = [];
    const off = onApiError((e) => toasts.push(e));
    refuseEverything(415);
    try {
      await expect(configs.uploadSettingsFile(blob, 'image', 'agreement')).rejects.toBeInstanceOf(ApiError);
      expect(toasts).toHaveLength(1);
    } finally {
      off();
    }
  });
});
