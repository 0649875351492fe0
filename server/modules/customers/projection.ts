import type { Selectable } from 'kysely';
import type { CustomerDto } from '../../../src/contract/customers.schema';
import { formatFen } from '../../../src/machines/lifecycles/money';
import {
  customerSnapshot,
  customerStatusOf,
  type CustomerSnapshot,
} from '../../../src/machines/lifecycles/customerLifecycle';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The customer accounts read model: one row per account, its balance the sum of its wallet's ledger. */

export interface CustomersTable extends RecordColumns {
  name: string;
  mobile: string;
  city: string;
  is_enabled: boolean;
  /** bigint: read back as text on some drivers, so always through Number(). */
  balance_fen: number | string;
}

declare module '../../db/schema' {
  interface Database {
    customers: CustomersTable;
  }
}

export type CustomerRow = Selectable<CustomersTable>;

export const customerProjection = tableProjection<CustomerSnapshot>({
  table: 'customers',
  toRow: (s) => ({
    name: s.context.name,
    mobile: s.context.mobile,
    city: s.context.city,
    ...customerStatusOf(s),
  }),
  fromRow: (row: CustomerRow) =>
    customerSnapshot(
      row.is_enabled,
      { name: row.name, mobile: row.mobile, city: row.city },
      Number(row.balance_fen),
    ),
});

export function customerToApi(row: Record<string, unknown>): CustomerDto {
  const r = row as unknown as CustomerRow;
  const balance = Number(r.balance_fen);
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    mobile: r.mobile,
    city: r.city,
    is_enabled: r.is_enabled,
    balance_fen: balance,
    balance: formatFen(balance),
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
