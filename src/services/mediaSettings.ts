import type { HistoryEntry } from '@/contract/api';
import type { MediaSettingsDto } from '@/contract/mediaSettings.schema';
import { request } from './http';

/** The group form's media parameters: one settings record (server/kit/singletonRoutes.ts). Quiet calls. */
export const mediaSettingsApi = {
  get: (): Promise<MediaSettingsDto> =>
    request({ quietErrors: true, method: 'GET', url: '/api/media-settings' }),
  history: (): Promise<HistoryEntry[]> =>
    request({ quietErrors: true, method: 'GET', url: '/api/media-settings/events' }),
  save: (body: Record<string, unknown>, expectedVersion: number): Promise<MediaSettingsDto> =>
    request({
      quietErrors: true,
      method: 'PUT',
      url: '/api/media-settings',
      data: { ...body, expectedVersion },
    }),
};
