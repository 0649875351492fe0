import { request } from './http';

/**
 * The global settings API (`GET/PUT /api/global/configs`, docs/api.md) and the upload endpoint.
 *
 * Calls are quiet (`quietErrors`, no global error toast): the settings screen shows every load, save and upload
 * failure inline, once. Agreement image uploads are the exception (the editor only logs them).
 */

export interface HomeBannerDto {
  image: string;
  link?: string;
  order: number;
}

export interface GlobalConfigsDto {
  user_agreement: string;
  privacy_agreement: string;
  platform_transaction_rules: string;
  supplier_enter_agreement: string;
  customer_service_mobile: string;
  customer_service_wechat: string;
  sos_mobile: string;
  sos_sound: string;
  home_banners: HomeBannerDto[];
  supplier_name: string;
  /** Whoever grants a refund may not also send it (on unless an admin turns it off). */
  refund_four_eyes: boolean;
  version: number;
}

export function getGlobalConfigs(): Promise<GlobalConfigsDto> {
  return request({ quietErrors: true, method: 'GET', url: '/api/global/configs' });
}

export function saveGlobalConfigs(
  changes: Partial<Omit<GlobalConfigsDto, 'version'>>,
  version: number,
): Promise<GlobalConfigsDto> {
  return request({
    quietErrors: true,
    method: 'PUT',
    url: '/api/global/configs',
    data: { ...changes, version },
  });
}

/** Uploads an image (`type=image`) or a sound (`type=audio`); resolves to the stored file's URL. */
export async function uploadSettingsFile(
  file: Blob,
  type: 'image' | 'audio',
  usageType: string,
): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('usage_type', usageType);
  form.append('file', file);
  const data = await request<{ url: string }>({
    // Quiet: the SOS sound and banner pickers show the refusal inline, the rich-text editor's image upload in its
    // own toast with the server's reason.
    quietErrors: true,
    method: 'POST',
    url: '/api/file-storage/file/upload',
    data: form,
  });
  return data.url;
}

export const VERSION_CONFLICT = 40901;
