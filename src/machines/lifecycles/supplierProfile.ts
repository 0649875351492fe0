/**
 * The supplier's profile (SPEC.md §3) and the rules a profile must satisfy.
 *
 * Pure and shared: the server validates every create/edit with `validateSupplierProfile`, and the console shows
 * the same messages before sending. Messages are i18n keys (`supply.validation.*`) plus an English text the
 * server puts in its 400 envelope. Nothing here reads the clock: callers pass `today`.
 */

import { assetUrlMessage, isAssetUrl } from './assetUrl';
import { textLength } from './visibleText';

/** Re-exported for existing importers; the rule lives in `assetUrl.ts`. */
export { assetUrlMessage, isAssetUrl };

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export interface SupplierProfile {
  name: string;
  mobile: string;
  covers: string[];
  bio: string;
  city: string;
  full_address: string;
  real_name: string;
  gender: Gender;
  /** ISO date `YYYY-MM-DD`. */
  birthday: string;
  id_card_no: string;
  id_card_front: string;
  id_card_back: string;
  licence_issuing_authority: string;
  /** Validity of the ID card as printed on it, e.g. `2015.06.01-2035.06.01` or `long-term`. */
  expire_info: string;
}

export const PROFILE_FIELDS = [
  'name',
  'mobile',
  'covers',
  'bio',
  'city',
  'full_address',
  'real_name',
  'gender',
  'birthday',
  'id_card_no',
  'id_card_front',
  'id_card_back',
  'licence_issuing_authority',
  'expire_info',
] as const satisfies readonly (keyof SupplierProfile)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Fields that prove who the supplier is: changing one after a pass needs a new audit. */
export const IDENTITY_FIELDS = ['real_name', 'id_card_no', 'id_card_front', 'id_card_back'] as const;

export const REQUIRED_FIELDS = [
  'name',
  'mobile',
  'city',
  'real_name',
  'gender',
  'birthday',
  'id_card_no',
  'id_card_front',
  'id_card_back',
] as const satisfies readonly ProfileField[];

export const MAX_COVERS = 9;

/** The longest each free-text field may be, in characters as `textLength` counts them. */
export const PROFILE_MAX_LENGTH: Partial<Record<ProfileField, number>> = {
  name: 50,
  bio: 500,
  city: 50,
  full_address: 200,
  real_name: 50,
  id_card_front: 500,
  id_card_back: 500,
  licence_issuing_authority: 100,
  expire_info: 50,
};

export interface FieldError {
  field: ProfileField;
  /** i18n key, e.g. `supply.validation.required`. */
  key: string;
  /** English text for API clients and logs. */
  message: string;
  /** What the key's text is filled in with (`max` of a length), where it has any. */
  values?: Record<string, number>;
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const ID_PATTERN = /^\d{17}[\dX]$/;
export const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
export const ID_CHECK = '10X98765432';

/** Check digit of the first 17 digits of a PRC resident ID number (GB 11643, ISO 7064 MOD 11-2). */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

function isRealDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `null` when the number is well formed with a valid birth date and check digit, else the reason. */
export function idCardProblem(value: string): 'format' | 'checksum' | null {
  const v = value.toUpperCase();
  if (!ID_PATTERN.test(v)) return 'format';
  const birth = `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;
  if (!isRealDate(birth)) return 'format';
  if (idCardCheckDigit(v.slice(0, 17)) !== v[17]) return 'checksum';
  return null;
}

/** The birth date encoded in an 18-digit ID number, as `YYYY-MM-DD`. */
export function birthdayFromIdCard(value: string): string {
  return `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Validates a complete profile. `today` is `YYYY-MM-DD` (the caller's clock). Returns every problem found, at
 * most one per field, in field order.
 */
export function validateSupplierProfile(profile: Partial<SupplierProfile>, today: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<ProfileField>();
  const add = (field: ProfileField, key: string, message: string, values?: Record<string, number>) => {
    if (seen.has(field)) return;
    seen.add(field);
    errors.push({ field, key: `supply.validation.${key}`, message, ...(values ? { values } : {}) });
  };

  for (const field of REQUIRED_FIELDS) {
    if (isBlank(profile[field])) add(field, 'required', `${field} is required`);
  }
  for (const [field, max] of Object.entries(PROFILE_MAX_LENGTH) as [ProfileField, number][]) {
    const v = profile[field];
    if (typeof v === 'string' && textLength(v) > max)
      add(field, 'tooLong', `${field} must be at most ${max} characters`, { max });
  }
  if (!isBlank(profile.mobile) && !MOBILE_PATTERN.test(String(profile.mobile))) {
    add('mobile', 'mobile', 'mobile must be an 11-digit mainland China mobile number');
  }
  if (!isBlank(profile.gender) && !GENDERS.includes(profile.gender as Gender)) {
    add('gender', 'gender', 'gender must be male or female');
  }
  if (!isBlank(profile.birthday)) {
    const b = String(profile.birthday);
    if (!isRealDate(b)) add('birthday', 'date', 'birthday must be a date YYYY-MM-DD');
    else if (b >= today) add('birthday', 'birthdayPast', 'birthday must be in the past');
    else if (b < '1900-01-01') add('birthday', 'date', 'birthday must be after 1900-01-01');
  }
  if (!isBlank(profile.id_card_no)) {
    const problem = idCardProblem(String(profile.id_card_no));
    if (problem === 'format')
      add('id_card_no', 'idCardFormat', 'id_card_no must be 17 digits and a digit or X');
    else if (problem === 'checksum') add('id_card_no', 'idCardChecksum', 'id_card_no check digit is wrong');
    else if (
      !isBlank(profile.birthday) &&
      isRealDate(String(profile.birthday)) &&
      birthdayFromIdCard(String(profile.id_card_no)) !== profile.birthday
    ) {
      add('birthday', 'birthdayMismatch', 'birthday does not match the ID card number');
    }
  }
  for (const field of ['id_card_front', 'id_card_back'] as const) {
    const v = profile[field];
    if (typeof v === 'string' && !isBlank(v) && !isAssetUrl(v))
      add(field, 'imageUrl', assetUrlMessage(field));
  }
  if (profile.covers !== undefined) {
    if (
      !Array.isArray(profile.covers) ||
      profile.covers.some((c) => typeof c !== 'string' || c.trim() === '')
    ) {
      add('covers', 'covers', 'covers must be a list of image URLs');
    } else if (profile.covers.length > MAX_COVERS) {
      add('covers', 'tooManyCovers', `at most ${MAX_COVERS} covers`);
    } else {
      const bad = profile.covers.findIndex((c) => !isAssetUrl(c));
      if (bad >= 0) add('covers', 'imageUrl', assetUrlMessage(`covers[${bad}]`));
    }
  }
  return errors;
}

/** The fields of `changes` whose value differs from `profile`. */
export function changedFields(profile: SupplierProfile, changes: Partial<SupplierProfile>): ProfileField[] {
  return PROFILE_FIELDS.filter((f) => f in changes && !sameValue(profile[f], changes[f]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

export function emptyProfile(): SupplierProfile {
  return {
    name: '',
    mobile: '',
    covers: [],
    bio: '',
    city: '',
    full_address: '',
    real_name: '',
    gender: 'male',
    birthday: '',
    id_card_no: '',
    id_card_front: '',
    id_card_back: '',
    licence_issuing_authority: '',
    expire_info: '',
  };
}
