import { countText } from './textCount';

/**
 * A member's basic information (/user/setting, SPEC §5): email, nickname, country/region and area required; the
 * profile at most 200 words. Both sides check it with `profileProblems`.
 */
export const COUNTRY_REGIONS = ['CN', 'HK', 'MO', 'TW', 'SG', 'JP', 'US', 'GB'] as const;

export const PROFILE_LIMITS = {
  email: 254,
  nickname: 50,
  area: 100,
  address: 200,
  profileWords: 200,
  profileCharacters: 2000,
} as const;

export const PROFILE_FIELDS = ['email', 'nickname', 'country_region', 'area', 'address', 'profile'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each field's problem as an i18n key (with `PROFILE_LIMITS` for its values); none when the values can be saved. */
export function profileProblems(values: ProfileValues): Partial<Record<ProfileField, string>> {
  const problems: Partial<Record<ProfileField, string>> = {};
  const email = values.email.trim();
  if (!email) problems.email = 'user.profile.emailRequired';
  else if (email.length > PROFILE_LIMITS.email || !EMAIL.test(email))
    problems.email = 'user.profile.emailInvalid';
  const nickname = values.nickname.trim();
  if (!nickname) problems.nickname = 'user.profile.nicknameRequired';
  else if ([...nickname].length > PROFILE_LIMITS.nickname) problems.nickname = 'user.profile.nicknameTooLong';
  if (!(COUNTRY_REGIONS as readonly string[]).includes(values.country_region))
    problems.country_region = 'user.profile.countryRequired';
  const area = values.area.trim();
  if (!area) problems.area = 'user.profile.areaRequired';
  else if ([...area].length > PROFILE_LIMITS.area) problems.area = 'user.profile.areaTooLong';
  if ([...values.address.trim()].length > PROFILE_LIMITS.address)
    problems.address = 'user.profile.addressTooLong';
  const profile = countText(values.profile);
  if (profile.words > PROFILE_LIMITS.profileWords || profile.characters > PROFILE_LIMITS.profileCharacters)
    problems.profile = 'user.profile.profileTooLong';
  return problems;
}
