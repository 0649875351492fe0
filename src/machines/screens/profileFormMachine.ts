import { PROFILE_FIELDS, profileProblems, type ProfileField, type ProfileValues } from '@/contract/profile';
import { saveProfile, type UserInfo } from '@/services/user';
import { formMachine } from './formMachine';

/**
 * Basic information (/user/setting): email, nickname, country/region and area required, the profile at most 200
 * words (src/contract/profile.ts, which the server applies too). After a save the form shows what the server
 * kept (trimmed), and the session takes the new user info (the navbar's name). The form's shape is formMachine.ts.
 *
 * Invariants:
 * - nothing is sent while a rule of src/contract/profile.ts says no;
 * - a refusal naming a field (an email another member has) shows under that field;
 * - after a save the form shows the server's values, and `form.saved` carries them to the session.
 */

/** The form's values of a member's user info. */
export function profileValuesOf(user: UserInfo | null): ProfileValues {
  return {
    email: user?.email ?? '',
    nickname: user?.name ?? '',
    country_region: user?.countryRegion ?? '',
    area: user?.area ?? '',
    address: user?.address ?? '',
    profile: user?.introduction ?? '',
  };
}

export const profileFormMachine = formMachine<ProfileField, UserInfo>({
  id: 'profileForm',
  validate: profileProblems,
  send: (values) => saveProfile(values),
  serverFields: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, f])) as Record<string, ProfileField>,
  afterSave: (_values, user) => profileValuesOf(user),
});
