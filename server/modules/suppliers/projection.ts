import type { Selectable } from 'kysely';
import type { SupplierDto } from '../../../src/contract/suppliers.schema';
import {
  snapshotFromStatus,
  statusOf,
  type AuditState,
  type ServiceState,
  type SupplierSnapshot,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import type { Gender, SupplierProfile } from '../../../src/machines/lifecycles/supplierProfile';
import { toJsonb, type Jsonb } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/**
 * The suppliers read model: one row per supplier, a pure function of the machine snapshot (plus the stream's meta
 * columns the kit adds), used by live commands and the rebuild alike.
 */

export interface SuppliersTable extends RecordColumns {
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
}

declare module '../../db/schema' {
  interface Database {
    suppliers: SuppliersTable;
  }
}

export type SupplierRow = Selectable<SuppliersTable>;

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

export const supplierProjection = tableProjection<SupplierSnapshot>({
  table: 'suppliers',
  toRow: (snapshot) => {
    const { profile, ranking, orderNum, auditFailedReason } = snapshot.context;
    return {
      ...profile,
      covers: toJsonb(profile.covers),
      order_num: orderNum,
      ...statusOf(snapshot),
      audit_failed_reason: auditFailedReason,
      ranking,
    };
  },
  fromRow: (row: SupplierRow) =>
    snapshotFromStatus(
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
    ),
});

/**
 * The API shape of a supplier (the row, with ISO timestamps; covers as a list). Field by field: a spread of the row
 * is a slow path in V8 once rows of many shapes pass through (see the projects' toApi).
 */
export function toApi(row: Record<string, unknown>): SupplierDto {
  const r = row as unknown as SupplierRow;
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    mobile: r.mobile,
    covers: typeof r.covers === 'string' ? (JSON.parse(r.covers) as string[]) : r.covers,
    bio: r.bio,
    city: r.city,
    full_address: r.full_address,
    real_name: r.real_name,
    gender: r.gender,
    birthday: r.birthday,
    id_card_no: r.id_card_no,
    id_card_front: r.id_card_front,
    id_card_back: r.id_card_back,
    licence_issuing_authority: r.licence_issuing_authority,
    expire_info: r.expire_info,
    order_num: r.order_num,
    state: r.state,
    is_enabled: r.is_enabled,
    is_display: r.is_display,
    audit_state: r.audit_state,
    audit_failed_reason: r.audit_failed_reason,
    ranking: r.ranking,
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
