import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database on insert. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamp column. */
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A jsonb column: read as parsed JSON, written as a JSON string (see `toJsonb`). */
export type Jsonb<T> = ColumnType<T, string, string>;

export type Role = 'admin' | 'user';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: Role;
  name: string;
  avatar: string;
  job: string;
  organization: string;
  location: string;
  introduction: string;
  personal_website: string;
  job_name: string;
  organization_name: string;
  location_name: string;
  phone: string;
  account_id: string;
  certification: number;
  registration_date: Timestamp;
  created_at: Timestamp;
  /** Basic information (/user/setting): a code of COUNTRY_REGIONS (src/contract/profile.ts), the area, the address. */
  country_region: ColumnType<string, string | undefined, string>;
  area: ColumnType<string, string | undefined, string>;
  address: ColumnType<string, string | undefined, string>;
  /** The version of the basic information: a save names the one it was loaded at (server/modules/user/routes.ts). */
  profile_version: ColumnType<number, number | undefined, number>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Timestamp;
}

export interface FilesTable {
  id: Generated<number>;
  stored_name: string;
  url: string;
  type: string;
  usage_type: string;
  mime: string;
  size: number;
  original_name: string;
  uploaded_by: number;
  created_at: Timestamp;
}

export interface GlobalConfigsTable {
  id: number;
  data: Jsonb<Record<string, unknown>>;
  version: number;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface EventsTable {
  global_position: Generated<number>;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: Jsonb<Record<string, unknown>>;
  actor_id: number | null;
  actor_role: string | null;
  reason: string | null;
  occurred_at: Timestamp;
  /** The transaction that wrote it (xid8, as text): what log followers go by (server/events/follower.ts). */
  tx: Generated<string>;
}

export interface LogFollowersTable {
  name: string;
  tx: string;
  global_position: number | string;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  actor_id: number;
  key: string;
  stream_type: string;
  stream_id: string;
  request_hash: string;
  created_at: Timestamp;
}

export interface DownloadTicketsTable {
  token_hash: string;
  user_id: number;
  path: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

/** How many rows of a list hold each combination of its counted columns (server/kit/listSupport.ts). */
export interface ListCountsTable {
  list: string;
  /** The counted columns' values as text, e.g. {"state": "resting", "is_enabled": "true"}. */
  dims: ColumnType<Record<string, string | null>, string, string>;
  n: number;
}

/**
 * Every table the server knows. Modules add their own tables by declaration merging, e.g.
 * `declare module '../../db/schema' { interface Database { suppliers: SuppliersTable } }`.
 */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  files: FilesTable;
  global_configs: GlobalConfigsTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  download_tickets: DownloadTicketsTable;
  list_counts: ListCountsTable;
  log_followers: LogFollowersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** jsonb parameters go in as JSON text: `pg` would otherwise turn a JS array into a Postgres array literal. */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value);
}

/** A jsonb column as the driver reads it (parsed), or as a projection's `row()` hands it on (the JSON text it writes). */
export function fromJsonb<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
