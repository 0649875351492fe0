import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import { REFUND_LIST } from '../../../src/contract/orders';
import { RefundApi } from '../../../src/contract/orders.schema';
import { refundRequestOf } from '../../../src/machines/lifecycles/marketplaceFlows';
import { refundLifecycle, type RefundSnapshot } from '../../../src/machines/lifecycles/refundLifecycle';
import {
  MAX_REFUND_REASON_LENGTH,
  REFUND_DESTINATIONS,
  REFUND_KINDS,
  isRefundCause,
  underFourEyes,
  type RefundCause,
  type RefundRequest,
} from '../../../src/machines/lifecycles/refundMachine';
import { MAX_ORDER_AMOUNT_FEN, type PaymentMethod } from '../../../src/machines/lifecycles/orderMachine';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../errors';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { memberColumn, membersOf } from '../../kit/memberNames';
import { entityRoutes } from '../../kit/routes';
import { MAX_ID } from '../../kit/schemas';
import { refundFourEyes } from '../configs/port';
import { findOrder, paymentMethodOfOrder } from '../orders/port';
import { findRenewal, paymentMethodOfRenewal } from '../renewals/port';
import type { ServerModule } from '../types';
import * as refundCause from '../../db/migrations/2026_11_28_0300_refund_cause';
import * as refundProject from '../../db/migrations/2026_11_28_0500_refund_project';
import * as refundPaidWith from '../../db/migrations/2026_11_30_0200_refund_paid_with';
import * as refundFourEyesAtGrant from '../../db/migrations/2026_11_30_0400_refund_four_eyes_at_grant';
import { refundProjection, refundToApi } from './projection';

/**
 * Refunds, declared for the entity kit: the lifecycle (refundMachine.ts) decides who grants and who sends, fed with
 * who is acting and whether the four-eyes rule is on; asking for a refund reserves the amount on its order or
 * renewal, whose own rules refuse more than is still refundable (server/modules/flows).
 */

const Reason = Type.String({
  maxLength: 1000,
  description: `a reason of 1 to ${MAX_REFUND_REASON_LENGTH} characters`,
});

/** How the money a refund gives back was paid: its renewal's payment, else its order's. */
function paymentMethodOf(trx: Kysely<Database>, refund: RefundRequest): Promise<PaymentMethod | null> {
  return refund.kind === 'renewal' && refund.renewalId !== null
    ? paymentMethodOfRenewal(trx, refund.renewalId)
    : paymentMethodOfOrder(trx, refund.order.id);
}

/** The order (and renewal) refunded: its parties, and the ask checked (a staff member gives a reason). */
const ofTarget: CrossGuard<RefundSnapshot, never> = {
  name: 'ofTarget',
  check: async ({ trx, actor, command }) => {
    const c = command as {
      type: string;
      kind: 'order' | 'renewal';
      targetId: number;
      amountFen: number;
      reason: string;
      cause?: RefundCause;
    };
    const renewal = c.kind === 'renewal' ? await findRenewal(trx, c.targetId) : undefined;
    const orderId = c.kind === 'order' ? c.targetId : renewal?.context.order.id;
    const order = orderId === undefined ? undefined : await findOrder(trx, orderId);
    if (!order) {
      throw new ValidationError(`There is no ${c.kind} ${c.targetId}.`, 'target_id', {
        key: `refund.validation.no${c.kind === 'order' ? 'Order' : 'Renewal'}`,
        values: { id: c.targetId },
      });
    }
    const made = refundRequestOf(
      {
        kind: c.kind,
        id: c.targetId,
        amountFen: c.amountFen,
        requestedBy: actor.role === 'system' ? 'customer' : 'staff',
        reason: c.reason,
        ...(c.cause ? { cause: c.cause } : {}),
      },
      order,
      renewal,
    );
    if (!made.ok) {
      throw new ValidationError(
        `reason: a staff member asking for a refund gives a reason of 1 to ${MAX_REFUND_REASON_LENGTH} characters.`,
        'reason',
        {
          key: 'refund.reason.reasonRequired',
        },
      );
    }
    return { type: c.type, ...made.request } as never;
  },
};

/** The four-eyes setting as a column of the list (the console judges "send" with it). */
const fourEyesColumn = sql<boolean>`coalesce((select (data->>'refund_four_eyes')::boolean from global_configs where id = 1), true)`;

export const refundEntity = defineEntity({
  lifecycle: refundLifecycle,
  title: 'order_no',
  label: 'Refund',
  path: '/api/refunds',
  responseKey: 'refund',
  idSequence: 'refund_id_seq',
  projection: refundProjection,
  toApi: refundToApi,
  apiSchema: RefundApi,
  create: {
    body: Type.Object(
      {
        kind: Type.Union(
          REFUND_KINDS.map((k) => Type.Literal(k)),
          { description: 'order or renewal' },
        ),
        target_id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'the order or renewal id' }),
        amount_fen: Type.Integer({
          minimum: 1,
          maximum: MAX_ORDER_AMOUNT_FEN,
          description: `fen, a whole number from 1 to ${MAX_ORDER_AMOUNT_FEN}`,
        }),
        reason: Type.Optional(Reason),
      },
      { additionalProperties: false },
    ),
    data: (body) => ({
      kind: body.kind,
      targetId: body.target_id,
      amountFen: body.amount_fen,
      reason: typeof body.reason === 'string' ? body.reason : '',
      // Set only by the server's own follow-ups (server/modules/flows): the HTTP body schema has no `cause`.
      ...(isRefundCause((body as { cause?: unknown }).cause)
        ? { cause: (body as { cause: RefundCause }).cause }
        : {}),
    }),
  },
  commands: {
    fields: {
      'refund.grant': {},
      'refund.reject': { reason: Reason },
      'refund.send': {
        destination: Type.Union(
          REFUND_DESTINATIONS.map((d) => Type.Literal(d)),
          {
            description:
              "wallet (the customer's wallet) or original (back to the original payment: a wallet payment is credited to the wallet, any other marked as returned)",
          },
        ),
      },
    },
  },
  // The four-eyes rule reads who acts now and whether the rule is on. A refund asked for before it kept how the
  // money was paid learns it from its order or renewal when it is sent, so that sending it back the way it came
  // finds the wallet.
  feed: async ({ trx, actor, snapshot, command }) => ({
    actorId: actor.id,
    fourEyes: await refundFourEyes(trx),
    ...(snapshot && command.type === 'refund.send' && !snapshot.context.paidWith
      ? { targetPaidWith: await paymentMethodOf(trx, snapshot.context) }
      : {}),
  }),
  guards: { create: [ofTarget] },
  list: REFUND_LIST,
  listItemColumns: {
    four_eyes: () => fourEyesColumn,
    granted_by_name: (table) => memberColumn(table, 'granted_by'),
    sent_by_name: (table) => memberColumn(table, 'sent_by'),
  },
});

const routes = entityRoutes(refundEntity, {
  // The detail, and the answer to a command (the record as it is now).
  detail: async (db, record) => {
    const user = await membersOf(db, [record.granted_by, record.sent_by]);
    return {
      // Whether the rule applies to sending it: on now, or on when it was granted (as the list says).
      four_eyes: underFourEyes({
        fourEyes: await refundFourEyes(db),
        fourEyesAtGrant: (record as { four_eyes_at_grant: boolean | null }).four_eyes_at_grant,
      }),
      granted_by_name: user(record.granted_by)?.name ?? null,
      sent_by_name: user(record.sent_by)?.name ?? null,
    };
  },
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'kind', value: (r) => r.kind },
    { header: 'order_no', value: (r) => r.order_no },
    { header: 'requested_at', value: (r) => r.created_at },
    { header: 'customer', value: (r) => r.customer_name },
    { header: 'mobile', value: (r) => r.customer_mobile },
    { header: 'amount', value: (r) => r.amount },
    { header: 'state', value: (r) => r.state },
    { header: 'requested_by', value: (r) => r.requested_by },
    { header: 'cause', value: (r) => r.request_cause },
    { header: 'reason', value: (r) => r.request_reason },
    { header: 'destination', value: (r) => r.destination },
    // With `original`, where the money went: a wallet payment's back to the wallet.
    { header: 'paid_with', value: (r) => r.paid_with },
    // By name, as the list says them: the list's own columns.
    { header: 'granted_by', value: (r) => r.granted_by_name },
    { header: 'sent_by', value: (r) => r.sent_by_name },
  ],
});

export const refundsModule: ServerModule = {
  name: 'refunds',
  routes,
  entities: [refundEntity],
  migrations: {
    '2026_11_28_0300_refund_cause': refundCause,
    '2026_11_28_0500_refund_project': refundProject,
    '2026_11_30_0200_refund_paid_with': refundPaidWith,
    '2026_11_30_0400_refund_four_eyes_at_grant': refundFourEyesAtGrant,
  },
};
