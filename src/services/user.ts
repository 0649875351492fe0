import type { ActivityPage, TeamDto, TouchedRecordsPage } from '@/contract/userInfo';
import { request } from './http';

export type Role = 'admin' | 'user' | '';

/** SPEC §3 user info. */
export interface UserInfo {
  id?: number;
  name?: string;
  avatar?: string;
  job?: string;
  organization?: string;
  location?: string;
  email?: string;
  introduction?: string;
  personalWebsite?: string;
  jobName?: string;
  organizationName?: string;
  locationName?: string;
  phone?: string;
  registrationDate?: string;
  accountId?: string;
  certification?: number;
  countryRegion?: string;
  area?: string;
  address?: string;
  role: Role;
  /** The basic information's version: a save of it names the one it was loaded at. */
  profileVersion?: number;
}

/** The user-info call never raises the re-login modal: a failure there logs out directly (SPEC §6, §8). */
export function getUserInfo(): Promise<UserInfo> {
  return request<UserInfo>({ method: 'POST', url: '/api/user/info', skipSessionExpired: true });
}

/** Changes the signed-in member's password; their other sessions are signed out (how many answers). */
export function changePassword(body: { current_password: string; new_password: string }): Promise<{
  signed_out_sessions: number;
}> {
  // Quiet: the form shows a refusal under its field, or above the form (no error toast besides).
  return request({ quietErrors: true, method: 'POST', url: '/api/user/password', data: body });
}

/** Saves the signed-in member's basic information; answers their user info. */
export function saveProfile(body: Record<string, string | number>): Promise<UserInfo> {
  // Quiet: the form shows a refusal under its field, or above the form (no error toast besides).
  return request<UserInfo>({ quietErrors: true, method: 'PUT', url: '/api/user/profile', data: body });
}

/** My own events, newest first, from after `cursor` (the first page, with my counts, when null). */
export function getMyActivity(cursor: string | null): Promise<ActivityPage> {
  return request<ActivityPage>({
    method: 'GET',
    url: '/api/user/activity',
    params: cursor ? { cursor } : {},
  });
}

/** The records I acted on, each once, newest first, from after `cursor`. */
export function getTouchedRecords(cursor: string | null): Promise<TouchedRecordsPage> {
  return request<TouchedRecordsPage>({
    method: 'GET',
    url: '/api/user/records',
    params: cursor ? { cursor } : {},
  });
}

/** The staff list: names, emails, roles and when each last acted. */
export function getTeam(): Promise<TeamDto> {
  return request<TeamDto>({ method: 'GET', url: '/api/user/team' });
}
