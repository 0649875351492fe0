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

/** The API shape of a supplier (the row, with ISO timestamps; covers as a list). */
export function toApi(row: Record<string, unknown>): SupplierDto {
  const covers = typeof row.covers === 'string' ? (JSON.parse(row.covers) as string[]) : row.covers;
  return {
    ...(row as unknown as SupplierDto),
    covers: covers as string[],
    created_at: new Date(row.created_at as string).toISOString(),
    updated_at: new Date(row.updated_at as string).toISOString(),
  };
}
