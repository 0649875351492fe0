import type { Kysely, Selectable } from 'kysely';
import {
  snapshotFromStatus,
  statusOf,
  type AuditState,
  type ServiceState,
  type SupplierSnapshot,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import type { Gender, SupplierProfile } from '../../../src/machines/lifecycles/supplierProfile';
import { toJsonb, type Database, type Jsonb, type Timestamp } from '../../db/schema';
import type { StreamMeta } from '../../events/replay';

/**
 * The suppliers read model. A row is a pure function of the machine snapshot plus the stream's metadata
 * (`rowFromSnapshot`), used both by live commands and by the rebuild, which is why the two cannot drift apart.
 */

export interface SuppliersTable {
  id: number;
  version: number;
  name: string;
  mobile: string;
  covers: Jsonb<string[]>;
  bio: string;
  city: string;
  full_address: string;
  real_name: string;
  gender: Gender;
  birthday: string;
  id_card_no: string;
  id_card_front: string;
  id_card_back: string;
  licence_issuing_authority: string;
  expire_info: string;
  order_num: number;
  state: ServiceState | null;
  is_enabled: boolean;
  is_display: boolean;
  audit_state: AuditState;
  audit_failed_reason: string | null;
  ranking: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Database {
    suppliers: SuppliersTable;
  }
}

export type SupplierRow = Selectable<SuppliersTable>;

export function rowFromSnapshot(snapshot: SupplierSnapshot, meta: StreamMeta) {
  const { profile, ranking, orderNum, auditFailedReason } = snapshot.context;
  return {
    id: meta.id,
    version: meta.version,
    ...profile,
    covers: toJsonb(profile.covers),
    order_num: orderNum,
    ...statusOf(snapshot),
    audit_failed_reason: auditFailedReason,
    ranking,
    created_by: meta.createdBy,
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
  };
}

export function profileOf(row: SupplierRow): SupplierProfile {
  return {
    name: row.name,
    mobile: row.mobile,
    covers: row.covers,
    bio: row.bio,
    city: row.city,
    full_address: row.full_address,
    real_name: row.real_name,
    gender: row.gender,
    birthday: row.birthday,
    id_card_no: row.id_card_no,
    id_card_front: row.id_card_front,
    id_card_back: row.id_card_back,
    licence_issuing_authority: row.licence_issuing_authority,
    expire_info: row.expire_info,
  };
}

/** The machine snapshot a projection row stands for. */
export function snapshotFromRow(row: SupplierRow): SupplierSnapshot {
  return snapshotFromStatus(
    {
      audit_state: row.audit_state,
      state: row.state,
      is_enabled: row.is_enabled,
      is_display: row.is_display,
    },
    {
      profile: profileOf(row),
      ranking: row.ranking,
      orderNum: row.order_num,
      auditFailedReason: row.audit_failed_reason,
    },
  );
}

/** The API shape of a supplier (the row, with ISO timestamps). */
export function toApi(row: SupplierRow) {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type SupplierDto = ReturnType<typeof toApi>;

export async function insertRow(
  db: Kysely<Database>,
  row: ReturnType<typeof rowFromSnapshot>,
): Promise<void> {
  await db.insertInto('suppliers').values(row).execute();
}

export async function updateRow(
  db: Kysely<Database>,
  row: ReturnType<typeof rowFromSnapshot>,
): Promise<void> {
  const { id, created_at: _c, created_by: _b, ...changes } = row;
  await db.updateTable('suppliers').set(changes).where('id', '=', id).execute();
}
