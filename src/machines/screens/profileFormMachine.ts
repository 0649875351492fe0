import { PROFILE_FIELDS, profileProblems, type ProfileField } from '@/contract/profile';
import { saveProfile, type UserInfo } from '@/services/user';
import { formMachine } from './formMachine';

/**
 * Basic information (/user/setting): email, nickname, country/region and area required, the profile at most 200
 * words (src/contract/profile.ts, which the server applies too). A new email (what the member signs in with)
 * takes their current password. After a save the form shows what the server kept (trimmed), and the session takes
 * the new user info (the navbar's name). The form's shape is formMachine.ts.
 *
 * Invariants:
 * - nothing is sent while a rule of src/contract/profile.ts says no, or the email changed without the password;
 * - a refusal naming a field (an email another member has, a wrong password) shows under that field;
 * - a save names the version the form was loaded at: one from a page opened before another save is refused (409)
 *   and said above the form, never let undo that save;
 * - after a save the form shows the server's values, and `form.saved` carries them to the session.
 */

/**
 * The form's fields: the profile's, the email it started from, the password a new email takes, and the version of
 * the information it was loaded at (sent as `expectedVersion`: a save from a page opened before another save is
 * refused, not let undo it).
 */
export type ProfileFormField = ProfileField | 'signed_in_email' | 'current_password' | 'profile_version';
export type ProfileFormValues = Record<ProfileFormField, string>;

/** The form's values of a member's user info. */
export function profileValuesOf(user: UserInfo | null): ProfileFormValues {
  return {
    email: user?.email ?? '',
    nickname: user?.name ?? '',
    country_region: user?.countryRegion ?? '',
    area: user?.area ?? '',
    address: user?.address ?? '',
    profile: user?.introduction ?? '',
    signed_in_email: user?.email ?? '',
    current_password: '',
    profile_version: String(user?.profileVersion ?? 1),
  };
}

/** Whether the email differs from the one the member signs in with (case and spaces aside). */
export const emailChanged = (values: ProfileFormValues) =>
  values.email.trim().toLowerCase() !== values.signed_in_email.trim().toLowerCase();

export function profileFormErrors(values: ProfileFormValues): Partial<Record<ProfileFormField, string>> {
  const errors: Partial<Record<ProfileFormField, string>> = profileProblems(values);
  if (emailChanged(values) && !values.current_password)
    errors.current_password = 'user.profile.passwordForEmail';
  return errors;
}

export const profileFormMachine = formMachine<ProfileFormField, UserInfo>({
  id: 'profileForm',
  validate: profileFormErrors,
  body: (values) => {
    const body: Record<string, string | number> = Object.fromEntries(
      PROFILE_FIELDS.map((f) => [f, values[f]]),
    );
    if (emailChanged(values)) body.current_password = values.current_password;
    body.expectedVersion = Number(values.profile_version);
    return body;
  },
  send: saveProfile,
  serverFields: {
    ...(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, f])) as Record<string, ProfileField>),
    current_password: 'current_password',
  },
  afterSave: (_values, user) => profileValuesOf(user),
});
