import type { Selectable } from 'kysely';
import type { OrderDto } from '../../../src/contract/orders.schema';
import { formatFen } from '../../../src/machines/lifecycles/money';
import {
  orderSnapshot,
  orderStatusOf,
  type Fulfilment,
  type OrderSnapshot,
  type PaymentState,
} from '../../../src/machines/lifecycles/orderLifecycle';
import {
  refundableFen,
  type OrderProject,
  type PaymentMethod,
  type Settlement,
} from '../../../src/machines/lifecycles/orderMachine';
import { toJsonb, type Jsonb, type Timestamp } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The service orders read model: one row per order, a column per region's state, parties denormalised. */

export interface OrdersTable extends RecordColumns {
  order_no: string;
  customer_id: number;
  customer_name: string;
  customer_mobile: string;
  project_id: number;
  project_name: string;
  /** The project as it was when the order was placed (name, renewal terms). */
  project: Jsonb<OrderProject>;
  city: string;
  address: string;
  scheduled_at: Timestamp;
  amount_fen: number;
  supplier_id: number | null;
  supplier_name: string | null;
  fulfilment: Fulfilment;
  payment: PaymentState;
  paid_fen: number;
  payment_method: PaymentMethod | null;
  refunded_fen: number;
  reserved_fen: number;
  was_refused: boolean;
  refuse_reason: string | null;
  cancel_reason: string | null;
  settlement: Jsonb<Settlement | null>;
}

declare module '../../db/schema' {
  interface Database {
    orders: OrdersTable;
  }
}

export type OrderRow = Selectable<OrdersTable>;

const json = <T>(value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export const orderProjection = tableProjection<OrderSnapshot>({
  table: 'orders',
  toRow: (s) => {
    const c = s.context;
    const { fulfilment, payment } = orderStatusOf(s);
    return {
      order_no: c.orderNo,
      customer_id: c.customer.id,
      customer_name: c.customer.name,
      customer_mobile: c.customer.mobile,
      project_id: c.project.id,
      project_name: c.project.name,
      project: toJsonb(c.project),
      city: c.city,
      address: c.address,
      scheduled_at: c.scheduledAt,
      amount_fen: c.amountFen,
      supplier_id: c.supplier?.id ?? null,
      supplier_name: c.supplier?.name ?? null,
      fulfilment,
      payment,
      paid_fen: c.paidFen,
      payment_method: c.paymentMethod,
      refunded_fen: c.refundedFen,
      reserved_fen: c.reservedFen,
      was_refused: c.wasRefused,
      refuse_reason: c.refuseReason,
      cancel_reason: c.cancelReason,
      settlement: toJsonb(c.settlement),
    };
  },
  fromRow: (row: OrderRow) => {
    const settlement = json<Settlement | null>(row.settlement);
    return orderSnapshot(
      { fulfilment: row.fulfilment, payment: row.payment, settled: settlement !== null },
      {
        orderNo: row.order_no,
        customer: { id: row.customer_id, name: row.customer_name, mobile: row.customer_mobile },
        project: json<OrderProject>(row.project),
        city: row.city,
        address: row.address,
        scheduledAt: new Date(row.scheduled_at).toISOString(),
        amountFen: row.amount_fen,
        supplier: row.supplier_id === null ? null : { id: row.supplier_id, name: row.supplier_name ?? '' },
        paidFen: row.paid_fen,
        paymentMethod: row.payment_method,
        refundedFen: row.refunded_fen,
        reservedFen: row.reserved_fen,
        wasRefused: row.was_refused,
        refuseReason: row.refuse_reason,
        cancelReason: row.cancel_reason,
        settlement,
      },
    );
  },
});

export function orderToApi(row: Record<string, unknown>): OrderDto {
  const r = row as unknown as OrderRow;
  const project = json<OrderProject>(r.project);
  const settlement = json<Settlement | null>(r.settlement);
  return {
    id: r.id,
    version: r.version,
    order_no: r.order_no,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    customer_mobile: r.customer_mobile,
    project_id: r.project_id,
    project_name: r.project_name,
    renewable: project.renewable,
    renewal_unit: project.renewalUnit,
    renewal_unit_price_fen: project.renewalUnitPriceFen,
    city: r.city,
    address: r.address,
    scheduled_at: new Date(r.scheduled_at).toISOString(),
    amount_fen: r.amount_fen,
    amount: formatFen(r.amount_fen),
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    fulfilment: r.fulfilment,
    payment: r.payment,
    settled: settlement !== null,
    paid_fen: r.paid_fen,
    payment_method: r.payment_method,
    refunded_fen: r.refunded_fen,
    reserved_fen: r.reserved_fen,
    refundable_fen: refundableFen({
      paidFen: r.paid_fen,
      refundedFen: r.refunded_fen,
      reservedFen: r.reserved_fen,
    }),
    was_refused: r.was_refused,
    refuse_reason: r.refuse_reason,
    cancel_reason: r.cancel_reason,
    settlement,
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
