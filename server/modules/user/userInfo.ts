import type { UserRow } from '../../db/schema';

/** The user-info object of SPEC.md §3, as the console reads it (camelCase keys, `role` admin|user). */
export interface UserInfo {
  id: number;
  name: string;
  avatar: string;
  job: string;
  organization: string;
  location: string;
  email: string;
  introduction: string;
  personalWebsite: string;
  jobName: string;
  organizationName: string;
  locationName: string;
  phone: string;
  registrationDate: string;
  accountId: string;
  certification: number;
  countryRegion: string;
  area: string;
  address: string;
  role: UserRow['role'];
  /** The basic information's version: a save of it names the one it was loaded at. */
  profileVersion: number;
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    job: row.job,
    organization: row.organization,
    location: row.location,
    email: row.email,
    introduction: row.introduction,
    personalWebsite: row.personal_website,
    jobName: row.job_name,
    organizationName: row.organization_name,
    locationName: row.location_name,
    phone: row.phone,
    registrationDate: formatDateTime(new Date(row.registration_date)),
    accountId: row.account_id,
    countryRegion: row.country_region,
    area: row.area,
    address: row.address,
    certification: row.certification,
    role: row.role,
    profileVersion: row.profile_version,
  };
}

/** `YYYY-MM-DD HH:mm:ss` in UTC, as the starter kit displays it. */
function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
