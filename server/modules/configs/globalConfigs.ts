import { assetUrlMessage, isAssetUrl } from '../../../src/machines/lifecycles/supplierProfile';
import { ValidationError } from '../../errors';

/** System settings of SPEC.md §3, stored as one JSON document with a version (its event stream's version). */
export interface HomeBanner {
  image: string;
  link?: string;
  order: number;
}

export interface GlobalConfigs {
  user_agreement: string;
  privacy_agreement: string;
  platform_transaction_rules: string;
  supplier_enter_agreement: string;
  customer_service_mobile: string;
  customer_service_wechat: string;
  sos_mobile: string;
  sos_sound: string;
  home_banners: HomeBanner[];
  supplier_name: string;
}

export const CONFIG_KEYS = [
  'user_agreement',
  'privacy_agreement',
  'platform_transaction_rules',
  'supplier_enter_agreement',
  'customer_service_mobile',
  'customer_service_wechat',
  'sos_mobile',
  'sos_sound',
  'home_banners',
  'supplier_name',
] as const satisfies readonly (keyof GlobalConfigs)[];

export const RICH_TEXT_KEYS = [
  'user_agreement',
  'privacy_agreement',
  'platform_transaction_rules',
  'supplier_enter_agreement',
] as const satisfies readonly (keyof GlobalConfigs)[];

export const EMPTY_CONFIGS: GlobalConfigs = {
  user_agreement: '',
  privacy_agreement: '',
  platform_transaction_rules: '',
  supplier_enter_agreement: '',
  customer_service_mobile: '',
  customer_service_wechat: '',
  sos_mobile: '',
  sos_sound: '',
  home_banners: [],
  supplier_name: '',
};

const RICH_TEXT_MAX = 200_000;

/** JSON schema for PUT: shapes and lengths. Formats (phones, links) are checked by `validateConfigs`. */
export const putConfigsBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { type: 'integer', minimum: 0 },
    user_agreement: { type: 'string', maxLength: RICH_TEXT_MAX },
    privacy_agreement: { type: 'string', maxLength: RICH_TEXT_MAX },
    platform_transaction_rules: { type: 'string', maxLength: RICH_TEXT_MAX },
    supplier_enter_agreement: { type: 'string', maxLength: RICH_TEXT_MAX },
    customer_service_mobile: { type: 'string', maxLength: 32 },
    customer_service_wechat: { type: 'string', maxLength: 64 },
    sos_mobile: { type: 'string', maxLength: 32 },
    sos_sound: { type: 'string', maxLength: 2048 },
    supplier_name: { type: 'string', maxLength: 64 },
    home_banners: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['image', 'order'],
        properties: {
          image: { type: 'string', minLength: 1, maxLength: 2048 },
          link: { type: 'string', maxLength: 2048 },
          order: { type: 'integer', minimum: 0, maximum: 9999 },
        },
      },
    },
  },
} as const;

/** Chinese mobile (13800138000, optionally +86), landline (010-12345678) or 400/800 hotline (400-800-1234). */
const PHONE = /^(?:(?:\+?86[- ]?)?1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4})$/;
const WECHAT = /^[a-zA-Z][-_a-zA-Z0-9]{5,19}$|^1[3-9]\d{9}$/;
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

function isLink(value: string): boolean {
  return HTTP_URL.test(value);
}

/**
 * Field formats the schema cannot express. Empty strings mean "not set" and are allowed, except that a save
 * (`changes`) may not clear supplier_name, what the apps call a supplier.
 */
export function validateConfigs(configs: GlobalConfigs, changes: Partial<GlobalConfigs> = configs): void {
  if (changes.supplier_name !== undefined && changes.supplier_name.trim() === '') {
    throw new ValidationError(
      'supplier_name cannot be empty: it is what the apps call a supplier.',
      'supplier_name',
    );
  }
  for (const field of ['customer_service_mobile', 'sos_mobile'] as const) {
    const value = configs[field].trim();
    if (value && !PHONE.test(value)) {
      throw new ValidationError(
        `${field} must be a phone number, e.g. 13800138000, 010-12345678 or 400-800-1234.`,
        field,
      );
    }
  }
  const wechat = configs.customer_service_wechat.trim();
  if (wechat && !WECHAT.test(wechat)) {
    throw new ValidationError(
      'customer_service_wechat must be a WeChat ID (6–20 letters, digits, - or _, starting with a letter) or a mobile number.',
      'customer_service_wechat',
    );
  }
  if (configs.sos_sound && !isAssetUrl(configs.sos_sound)) {
    throw new ValidationError(`${assetUrlMessage('sos_sound')}.`, 'sos_sound');
  }
  configs.home_banners.forEach((banner, index) => {
    const field = `home_banners[${index}].image`;
    if (!isAssetUrl(banner.image)) throw new ValidationError(`${assetUrlMessage(field)}.`, field);
    if (banner.link && !isLink(banner.link)) {
      throw new ValidationError(
        `home_banners[${index}].link must start with http:// or https://.`,
        `home_banners[${index}].link`,
      );
    }
  });
}

/** Normalises stored data (older rows may lack newer keys). */
export function fromStored(data: Record<string, unknown>): GlobalConfigs {
  return { ...EMPTY_CONFIGS, ...(data as Partial<GlobalConfigs>) };
}
