import { Type, type Static } from 'typebox';

const Yuan = Type.String({ description: 'yuan with two decimals, e.g. "199.00"' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Meta = {
  created_by: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

/** An order's or a renewal's settlement: what the platform held, the rate and its source, commission and payout. */
const SettlementApi = Type.Object({
  amountFen: Type.Integer(),
  rateBp: Type.Integer(),
  source: Type.String(),
  commissionFen: Type.Integer(),
  payoutFen: Type.Integer(),
});

/** The API shape of a service order: parties, project, money (fen and yuan) and the state of each region. */
export const OrderApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  order_no: Type.String(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  customer_mobile: Type.String(),
  project_id: Type.Integer(),
  project_name: Type.String(),
  renewable: Type.Boolean(),
  renewal_unit: Nullable(Type.String()),
  renewal_unit_price_fen: Nullable(Type.Integer()),
  city: Type.String(),
  address: Type.String(),
  scheduled_at: Type.String({ format: 'date-time' }),
  amount_fen: Type.Integer(),
  amount: Yuan,
  supplier_id: Nullable(Type.Integer()),
  supplier_name: Nullable(Type.String()),
  fulfilment: Type.String(),
  payment: Type.String(),
  settled: Type.Boolean(),
  paid_fen: Type.Integer(),
  payment_method: Nullable(Type.String()),
  refunded_fen: Type.Integer(),
  reserved_fen: Type.Integer(),
  refundable_fen: Type.Integer(),
  /** A supplier refused it at least once (it stays on the refused list, on the tab of where it is now). */
  was_refused: Type.Boolean(),
  /** Why the supplier refused it, while it waits for reassignment (null once reassigned). */
  refuse_reason: Nullable(Type.String()),
  cancel_reason: Nullable(Type.String()),
  settlement: Nullable(SettlementApi),
  ...Meta,
});

export type OrderDto = Static<typeof OrderApi>;

export const RenewalApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  order_id: Type.Integer(),
  order_no: Type.String(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  customer_mobile: Type.String(),
  supplier_id: Type.Integer(),
  supplier_name: Type.String(),
  project_id: Type.Integer(),
  project_name: Type.String(),
  city: Type.String(),
  units: Type.Integer(),
  unit: Type.String(),
  unit_price_fen: Type.Integer(),
  amount_fen: Type.Integer(),
  amount: Yuan,
  state: Type.String(),
  paid_fen: Type.Integer(),
  payment_method: Nullable(Type.String()),
  refunded_fen: Type.Integer(),
  reserved_fen: Type.Integer(),
  refundable_fen: Type.Integer(),
  decline_reason: Nullable(Type.String()),
  settlement: Nullable(SettlementApi),
  ...Meta,
});

export type RenewalDto = Static<typeof RenewalApi>;

export const RefundApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  kind: Type.String(),
  order_id: Type.Integer(),
  order_no: Type.String(),
  renewal_id: Nullable(Type.Integer()),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  customer_mobile: Type.String(),
  supplier_name: Type.String(),
  project_name: Type.String(),
  city: Type.String(),
  amount_fen: Type.Integer(),
  amount: Yuan,
  state: Type.String(),
  requested_by: Type.String(),
  request_reason: Type.String(),
  /**
   * 'order_cancelled' when the refund follows the order's cancellation, 'renewal_declined' when it follows the
   * renewal's decline (`request_reason` is the cancellation's or the decline's).
   */
  request_cause: Nullable(Type.Union([Type.Literal('order_cancelled'), Type.Literal('renewal_declined')])),
  granted_by: Nullable(Type.Integer()),
  sent_by: Nullable(Type.Integer()),
  /** Who granted and who sent it, by name (lists, the detail and a command's answer; a creation's leaves them out). */
  granted_by_name: Type.Optional(Nullable(Type.String())),
  sent_by_name: Type.Optional(Nullable(Type.String())),
  destination: Nullable(Type.String()),
  /**
   * How the money refunded was paid (wallet or external; null for refunds asked for before it was kept): returned to
   * the original payment, a wallet payment is credited to the wallet.
   */
  paid_with: Nullable(Type.String()),
  reject_reason: Nullable(Type.String()),
  /** Whether the four-eyes rule applies to its sending (on now, or on when it was granted): the sender must not be the granter. */
  four_eyes: Type.Boolean(),
  /** Whether the four-eyes rule was on when it was granted (null before the grant, or for a grant stored before it was kept). */
  four_eyes_at_grant: Nullable(Type.Boolean()),
  ...Meta,
});

export type RefundDto = Static<typeof RefundApi>;
