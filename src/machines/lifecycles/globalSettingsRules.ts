/**
 * The rules global settings must satisfy (SPEC.md §3, `PUT /api/global/configs`).
 *
 * Pure and shared: the server refuses a save that breaks one (400 with the first problem's field and English
 * message), and the settings screen shows the same problems inline before sending. Each problem carries the
 * field in the API's notation (`home_banners[0].link`), an i18n key (`system.settings.error.*`) and an English
 * text. Empty strings mean "not set" and are allowed, except the supplier name when it is required.
 */
import { assetUrlMessage, isAssetUrl } from './assetUrl';
import { hasVisibleText, textLength } from './visibleText';

/** The settings the rules look at (the rich-text agreements have no format rules here). */
export interface SettingsValues {
  customer_service_mobile: string;
  customer_service_wechat: string;
  sos_mobile: string;
  sos_sound: string;
  supplier_name: string;
  /** Links are judged as given: the console trims them before asking, as it does before sending. */
  home_banners: readonly { image: string; link?: string; order?: unknown }[];
}

export interface SettingsFieldError {
  /** API notation: `sos_mobile`, `home_banners[2].link`. */
  field: string;
  /** i18n key, e.g. `system.settings.error.phone`. */
  key: string;
  /** English text for API clients and logs. */
  message: string;
}

/** Chinese mobile (13800138000, optionally +86), landline (010-12345678) or 400/800 hotline (400-800-1234). */
export const PHONE_PATTERN = /^(?:(?:\+?86[- ]?)?1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4})$/;
/** A WeChat ID (6–20 letters, digits, - or _, starting with a letter) or a mobile number. */
export const WECHAT_PATTERN = /^[a-zA-Z][-_a-zA-Z0-9]{5,19}$|^1[3-9]\d{9}$/;
/** A banner link: an absolute http(s) URL. */
export const LINK_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The SOS sound: a file uploaded as audio, or an http(s) address whose path ends in an audio extension. */
export const AUDIO_UPLOAD_PREFIX = '/uploads/audio/';
export const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.ogg', '.m4a'] as const;
const AUDIO_URL = /^https?:\/\/[^?#]*\.(?:mp3|wav|ogg|m4a)(?:[?#].*)?$/i;

/** Whether an asset reference (already `isAssetUrl`) is audio. */
export function isAudioUrl(value: string): boolean {
  return value.startsWith(AUDIO_UPLOAD_PREFIX) || AUDIO_URL.test(value);
}

/** The longest supplier name the API stores, in characters (its text says the number: keep them together). */
export const MAX_SUPPLIER_NAME_LENGTH = 64;

/** The highest banner order the API stores. */
export const MAX_BANNER_ORDER = 9999;

export const PHONE_FIELDS = ['customer_service_mobile', 'sos_mobile'] as const;

const KEY = 'system.settings.error';

/**
 * Every problem of `values`, in field order. `requireSupplierName` (default true) makes an empty supplier name a
 * problem: the apps call a supplier by it. The server passes false when a save does not touch the name, so a
 * partial save of other fields is judged only on what it changes and what it would store.
 */
export function validateGlobalSettings(
  values: SettingsValues,
  options: { requireSupplierName?: boolean } = {},
): SettingsFieldError[] {
  const errors: SettingsFieldError[] = [];
  const add = (field: string, key: string, message: string) =>
    errors.push({ field, key: `${KEY}.${key}`, message });

  if ((options.requireSupplierName ?? true) && !hasVisibleText(values.supplier_name)) {
    add(
      'supplier_name',
      'supplierName',
      'supplier_name cannot be empty: it is what the apps call a supplier.',
    );
  } else if (textLength(values.supplier_name) > MAX_SUPPLIER_NAME_LENGTH) {
    add(
      'supplier_name',
      'supplierNameLength',
      `supplier_name must be at most ${MAX_SUPPLIER_NAME_LENGTH} characters.`,
    );
  }
  for (const field of PHONE_FIELDS) {
    const value = values[field].trim();
    if (value && !PHONE_PATTERN.test(value)) {
      add(field, 'phone', `${field} must be a phone number, e.g. 13800138000, 010-12345678 or 400-800-1234.`);
    }
  }
  const wechat = values.customer_service_wechat.trim();
  if (wechat && !WECHAT_PATTERN.test(wechat)) {
    add(
      'customer_service_wechat',
      'wechat',
      'customer_service_wechat must be a WeChat ID (6–20 letters, digits, - or _, starting with a letter) or a mobile number.',
    );
  }
  if (values.sos_sound && !isAssetUrl(values.sos_sound)) {
    add('sos_sound', 'assetUrl', `${assetUrlMessage('sos_sound')}.`);
  } else if (values.sos_sound && !isAudioUrl(values.sos_sound)) {
    add(
      'sos_sound',
      'audioOnly',
      `sos_sound must be an audio file: an uploaded sound (${AUDIO_UPLOAD_PREFIX}…) or an http:// or https:// address ending in ${AUDIO_EXTENSIONS.join(', ')}.`,
    );
  }
  values.home_banners.forEach((banner, index) => {
    const image = `home_banners[${index}].image`;
    if (!isAssetUrl(banner.image)) add(image, 'assetUrl', `${assetUrlMessage(image)}.`);
    if (banner.link && !LINK_PATTERN.test(banner.link)) {
      add(
        `home_banners[${index}].link`,
        'link',
        `home_banners[${index}].link must be a full http:// or https:// address without spaces.`,
      );
    }
    const { order } = banner;
    if (
      order !== undefined &&
      (typeof order !== 'number' || !Number.isInteger(order) || order < 0 || order > MAX_BANNER_ORDER)
    ) {
      add(
        `home_banners[${index}].order`,
        'order',
        `home_banners[${index}].order must be a whole number from 0 to ${MAX_BANNER_ORDER}.`,
      );
    }
  });
  return errors;
}
