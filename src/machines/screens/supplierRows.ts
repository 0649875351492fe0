import {
  availability,
  snapshotFromStatus,
  type ActionAvailability,
  type SupplierSnapshot,
} from '@/machines/lifecycles/supplierLifecycle';
import type { SupplierEventType } from '@/machines/lifecycles/supplierMachine';
import type { SupplierProfile } from '@/machines/lifecycles/supplierProfile';
import { PROFILE_FIELDS } from '@/machines/lifecycles/supplierProfile';
import type { SupplierDto } from '@/services/suppliers';

/**
 * Bridges API rows and the lifecycle machine for the supplier screens: the machine snapshot a row stands for,
 * and whether an action is possible on it now (with the reason key when not), exactly as the server decides.
 */

export function profileOfRow(row: SupplierDto): SupplierProfile {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, row[f]])) as unknown as SupplierProfile;
}

export function rowSnapshot(row: SupplierDto): SupplierSnapshot {
  return snapshotFromStatus(
    {
      audit_state: row.audit_state,
      state: row.state,
      is_enabled: row.is_enabled,
      is_display: row.is_display,
    },
    {
      profile: profileOfRow(row),
      ranking: row.ranking,
      orderNum: row.order_num,
      auditFailedReason: row.audit_failed_reason,
    },
  );
}

export function rowAvailability(
  row: SupplierDto,
  type: SupplierEventType,
  role: string | null,
): ActionAvailability {
  return availability(rowSnapshot(row), type, role);
}
