import type { Selectable } from 'kysely';
import type { RenewalDto } from '../../../src/contract/orders.schema';
import { formatFen } from '../../../src/machines/lifecycles/money';
import type { PaymentMethod, RenewalUnit, Settlement } from '../../../src/machines/lifecycles/orderMachine';
import { refundableFen } from '../../../src/machines/lifecycles/refundMoney';
import {
  renewalSnapshot,
  renewalStateOf,
  type RenewalSnapshot,
  type RenewalState,
} from '../../../src/machines/lifecycles/renewalLifecycle';
import { fromJsonb, toJsonb, type Jsonb } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The renewals read model: one row per renewal, its order's parties denormalised. */

export interface RenewalsTable extends RecordColumns {
  order_id: number;
  order_no: string;
  customer_id: number;
  customer_name: string;
  customer_mobile: string;
  supplier_id: number;
  supplier_name: string;
  project_id: number;
  project_name: string;
  city: string;
  units: number;
  unit: RenewalUnit;
  unit_price_fen: number;
  amount_fen: number;
  state: RenewalState;
  paid_fen: number;
  payment_method: PaymentMethod | null;
  refunded_fen: number;
  reserved_fen: number;
  decline_reason: string | null;
  /** Null until confirmed (and for renewals confirmed before renewals were settled). */
  settlement: Jsonb<Settlement | null>;
}

declare module '../../db/schema' {
  interface Database {
    renewals: RenewalsTable;
  }
}

export type RenewalRow = Selectable<RenewalsTable>;

export const renewalProjection = tableProjection<RenewalSnapshot>({
  table: 'renewals',
  toRow: (s) => {
    const c = s.context;
    return {
      order_id: c.order.id,
      order_no: c.order.orderNo,
      customer_id: c.customer.id,
      customer_name: c.customer.name,
      customer_mobile: c.customer.mobile,
      supplier_id: c.supplier.id,
      supplier_name: c.supplier.name,
      project_id: c.project.id,
      project_name: c.project.name,
      city: c.city,
      units: c.units,
      unit: c.unit,
      unit_price_fen: c.unitPriceFen,
      amount_fen: c.amountFen,
      state: renewalStateOf(s),
      paid_fen: c.paidFen,
      payment_method: c.paymentMethod,
      refunded_fen: c.refundedFen,
      reserved_fen: c.reservedFen,
      decline_reason: c.declineReason,
      settlement: toJsonb(c.settlement),
    };
  },
  fromRow: (row: RenewalRow) =>
    renewalSnapshot(row.state, {
      order: { id: row.order_id, orderNo: row.order_no },
      customer: { id: row.customer_id, name: row.customer_name, mobile: row.customer_mobile },
      supplier: { id: row.supplier_id, name: row.supplier_name },
      project: { id: row.project_id, name: row.project_name },
      city: row.city,
      units: row.units,
      unit: row.unit,
      unitPriceFen: row.unit_price_fen,
      amountFen: row.amount_fen,
      paidFen: row.paid_fen,
      paymentMethod: row.payment_method,
      refundedFen: row.refunded_fen,
      reservedFen: row.reserved_fen,
      declineReason: row.decline_reason,
      settlement: fromJsonb<Settlement | null>(row.settlement),
    }),
});

/** The API shape. Field by field: a spread of the row with keys of its own added is a slow path in V8 (11 µs a row). */
export function renewalToApi(row: Record<string, unknown>): RenewalDto {
  const r = row as unknown as RenewalRow;
  return {
    id: r.id,
    version: r.version,
    order_id: r.order_id,
    order_no: r.order_no,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    customer_mobile: r.customer_mobile,
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    project_id: r.project_id,
    project_name: r.project_name,
    city: r.city,
    units: r.units,
    unit: r.unit,
    unit_price_fen: r.unit_price_fen,
    amount_fen: r.amount_fen,
    amount: formatFen(r.amount_fen),
    state: r.state,
    paid_fen: r.paid_fen,
    payment_method: r.payment_method,
    refunded_fen: r.refunded_fen,
    reserved_fen: r.reserved_fen,
    // Only a declined renewal is refunded: a confirmed one's money was paid out at its settlement.
    refundable_fen:
      r.state === 'declined'
        ? refundableFen({ paidFen: r.paid_fen, refundedFen: r.refunded_fen, reservedFen: r.reserved_fen })
        : 0,
    decline_reason: r.decline_reason,
    settlement: fromJsonb<Settlement | null>(r.settlement),
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
