import {
  MAX_SUPPLIER_NAME_LENGTH,
  validateGlobalSettings,
} from '../../../src/machines/lifecycles/globalSettingsRules';
import { ValidationError } from '../../errors';
import { MAX_ID, withinBounds } from '../../kit/schemas';

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
  /** Four eyes on refunds: the one who sends a refund must not be the one who granted it. */
  refund_four_eyes: boolean;
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
  'refund_four_eyes',
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
  refund_four_eyes: true,
};

const RICH_TEXT_MAX = 200_000;

/** JSON schema for PUT: shapes and lengths. Formats (phones, links) are checked by `validateConfigs`. */
export const putConfigsBodySchema = {
  type: 'object',
  additionalProperties: false,
  // The version read from GET: a save never overwrites a change it did not see (two admins, or a stale client).
  required: ['version'],
  properties: {
    version: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_ID,
      ...withinBounds(0, MAX_ID, 'the version you loaded'),
    },
    user_agreement: { type: 'string', maxLength: RICH_TEXT_MAX },
    privacy_agreement: { type: 'string', maxLength: RICH_TEXT_MAX },
    platform_transaction_rules: { type: 'string', maxLength: RICH_TEXT_MAX },
    supplier_enter_agreement: { type: 'string', maxLength: RICH_TEXT_MAX },
    customer_service_mobile: { type: 'string', maxLength: 32 },
    customer_service_wechat: { type: 'string', maxLength: 64 },
    sos_mobile: { type: 'string', maxLength: 32 },
    sos_sound: { type: 'string', maxLength: 2048 },
    supplier_name: { type: 'string', maxLength: MAX_SUPPLIER_NAME_LENGTH },
    refund_four_eyes: { type: 'boolean' },
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
          // Judged by validateGlobalSettings (a message a person can act on), not by the schema.
          order: {},
        },
      },
    },
  },
} as const;

/**
 * The rules of `src/machines/lifecycles/globalSettingsRules.ts` (the console checks the same). Empty strings mean
 * "not set" and are allowed, except that a save (`changes`) may not clear supplier_name. The first problem is
 * refused as a 400 naming its field.
 */
export function validateConfigs(configs: GlobalConfigs, changes: Partial<GlobalConfigs> = configs): void {
  const [first] = validateGlobalSettings(configs, {
    requireSupplierName: changes.supplier_name !== undefined,
  });
  if (first) throw new ValidationError(first.message, first.field, { key: first.key });
}

/** Normalises stored data (older rows may lack newer keys). */
export function fromStored(data: Record<string, unknown>): GlobalConfigs {
  return { ...EMPTY_CONFIGS, ...(data as Partial<GlobalConfigs>) };
}
