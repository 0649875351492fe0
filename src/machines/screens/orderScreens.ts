import {
  REFUND_LIST,
  RENEWAL_LIST,
  ORDER_LIST,
  type OrderDto,
  type RefundDto,
  type RenewalDto,
} from '@/contract/orders';
import { CUSTOMER_LIST, type CustomerDto } from '@/contract/customers';
import { customerLifecycle, customerSnapshot } from '@/machines/lifecycles/customerLifecycle';
import {
  orderLifecycle,
  orderSnapshot,
  type Fulfilment,
  type PaymentState,
} from '@/machines/lifecycles/orderLifecycle';
import type { PaymentMethod, Settlement } from '@/machines/lifecycles/orderMachine';
import { refundLifecycle, refundSnapshot, type RefundState } from '@/machines/lifecycles/refundLifecycle';
import type { RefundDestination, RefundKind, RequestedBy } from '@/machines/lifecycles/refundMachine';
import { renewalLifecycle, renewalSnapshot, type RenewalState } from '@/machines/lifecycles/renewalLifecycle';
import type { RenewalUnit } from '@/machines/lifecycles/projectDetails';
import { customersApi, getLedger, type LedgerPage } from '@/services/customers';
import { ordersApi, refundsApi, renewalsApi } from '@/services/orders';
import { listAllProjects } from '@/services/projects';
import { formatYuan } from '@/machines/lifecycles/money';
import { listAllServiceCityNames } from '@/services/serviceCities';
import type { DetailEntity } from './detailScreenMachine';
import { commandOnlyDetail, listFor, readOnlyForm } from './screenActors';

/**
 * The order, renewal, refund and customer-account screens, declared on the screen kit: how a row as the API
 * returns it is a lifecycle snapshot, and the calls. None of them has an edit form: their records change only by
 * commands (the apps' and the staff's).
 */

export const orderScreen: DetailEntity<OrderDto> = {
  lifecycle: orderLifecycle,
  snapshotOf: (row) =>
    orderSnapshot(
      {
        fulfilment: row.fulfilment as Fulfilment,
        payment: row.payment as PaymentState,
        settled: row.settled,
      },
      {
        orderNo: row.order_no,
        customer: { id: row.customer_id, name: row.customer_name, mobile: row.customer_mobile },
        project: {
          id: row.project_id,
          name: row.project_name,
          renewable: row.renewable,
          renewalUnit: row.renewal_unit as RenewalUnit | null,
          renewalUnitPriceFen: row.renewal_unit_price_fen,
        },
        city: row.city,
        address: row.address,
        scheduledAt: row.scheduled_at,
        amountFen: row.amount_fen,
        supplier: row.supplier_id === null ? null : { id: row.supplier_id, name: row.supplier_name ?? '' },
        paidFen: row.paid_fen,
        paymentMethod: row.payment_method as PaymentMethod | null,
        refundedFen: row.refunded_fen,
        reservedFen: row.reserved_fen,
        wasRefused: row.was_refused,
        refuseReason: row.refuse_reason,
        cancelReason: row.cancel_reason,
        settlement: row.settlement as Settlement | null,
        // The assign dialog offers only the suppliers the server lists as able to take the order now, so the
        // rule left to ask before one is picked is the order's own state: a stand-in that meets the others.
        candidate: { id: 0, name: '', auditPassed: true, enabled: true, takingOrders: true, city: row.city },
      },
    ),
  labelOf: (row) => row.order_no,
  // A refund can be asked for when the order can set its amount aside (paid, something still refundable).
  decidedBy: { 'refund.create': 'order.reserveRefund' },
  ...readOnlyForm,
};

const STAND_IN_RATE = { rateBp: 0, source: 'default' } as const;

export const renewalScreen: DetailEntity<RenewalDto> = {
  lifecycle: renewalLifecycle,
  snapshotOf: (row) =>
    renewalSnapshot(row.state as RenewalState, {
      order: { id: row.order_id, orderNo: row.order_no },
      customer: { id: row.customer_id, name: row.customer_name, mobile: row.customer_mobile },
      supplier: { id: row.supplier_id, name: row.supplier_name },
      project: { id: row.project_id, name: row.project_name },
      city: row.city,
      units: row.units,
      unit: row.unit as RenewalUnit,
      unitPriceFen: row.unit_price_fen,
      amountFen: row.amount_fen,
      paidFen: row.paid_fen,
      paymentMethod: row.payment_method as PaymentMethod | null,
      refundedFen: row.refunded_fen,
      reservedFen: row.reserved_fen,
      declineReason: row.decline_reason,
      settlement: row.settlement as Settlement | null,
      // The server settles a confirmation at the rate that applies then; the console asks only whether one is
      // possible now, so any rate stands in for it.
      rate: STAND_IN_RATE,
    }),
  labelOf: (row) => row.order_no,
  // Only a declined renewal is refunded (a confirmed one is service delivered), up to what is still refundable.
  decidedBy: { 'refund.create': 'renewal.reserveRefund' },
  ...readOnlyForm,
};

export const refundScreen: DetailEntity<RefundDto> = {
  lifecycle: refundLifecycle,
  // Who is looking matters: under the four-eyes rule the one who granted a refund may not send it.
  snapshotOf: (row, viewerId) =>
    refundSnapshot(row.state as RefundState, {
      kind: row.kind as RefundKind,
      order: { id: row.order_id, orderNo: row.order_no },
      renewalId: row.renewal_id,
      customer: { id: row.customer_id, name: row.customer_name, mobile: row.customer_mobile },
      supplierName: row.supplier_name,
      projectName: row.project_name,
      city: row.city,
      amountFen: row.amount_fen,
      requestedBy: row.requested_by as RequestedBy,
      requestReason: row.request_reason,
      cause: row.request_cause,
      paidWith: row.paid_with as PaymentMethod | null,
      grantedBy: row.granted_by,
      sentBy: row.sent_by,
      destination: row.destination as RefundDestination | null,
      rejectReason: row.reject_reason,
      fourEyes: row.four_eyes,
      actorId: viewerId ?? null,
    }),
  labelOf: (row) => `${row.order_no} · ¥${formatYuan(row.amount_fen)}`,
  ...readOnlyForm,
};

export const customerScreen: DetailEntity<CustomerDto> = {
  lifecycle: customerLifecycle,
  snapshotOf: (row) =>
    customerSnapshot(row.is_enabled, { name: row.name, mobile: row.mobile, city: row.city }, row.balance_fen),
  // Two customers may share a name: a dialog or a bulk outcome names the one it is about by its id too.
  labelOf: (row) => `${row.name} (#${row.id})`,
  ...readOnlyForm,
};

export { ORDER_LIST, RENEWAL_LIST, REFUND_LIST, CUSTOMER_LIST };

/** The city filter offers every service city, open or closed (orders and accounts keep a closed city's name). */
const cityChoices = async () => ({ city: await listAllServiceCityNames({ sort: 'ranking' }) });
/** Orders, renewals and refunds are filtered by project too: every project, open or closed, by its name. */
const cityAndProjectChoices = async () => {
  const [cities, projects] = await Promise.all([cityChoices(), listAllProjects()]);
  return { ...cities, project_id: projects.map((p) => ({ value: String(p.id), label: p.name })) };
};

export const orderList = listFor(ordersApi, cityAndProjectChoices);
/** What an order's page shows beside it: its renewals and refunds (an order has a handful at most). */
export interface OrderRelated {
  renewals: RenewalDto[];
  refunds: RefundDto[];
}

export const orderDetail = commandOnlyDetail(
  ordersApi,
  async (id): Promise<OrderRelated & Record<string, unknown>> => {
    const query = { order_id: String(id), page_size: '100' };
    const [renewals, refunds] = await Promise.all([renewalsApi.list(query), refundsApi.list(query)]);
    return { renewals: renewals.items, refunds: refunds.items };
  },
);
export const renewalList = listFor(renewalsApi, cityAndProjectChoices);
export const refundList = listFor(refundsApi, cityAndProjectChoices);
export const customerList = listFor(customersApi, cityChoices);
/** What an account's page shows beside it: the latest ledger entries and orders. */
export interface CustomerRelated {
  ledger: LedgerPage;
  orders: { items: OrderDto[]; total: number };
}

export const customerDetail = commandOnlyDetail(
  customersApi,
  async (id): Promise<CustomerRelated & Record<string, unknown>> => {
    const [ledger, orders] = await Promise.all([
      getLedger(id),
      ordersApi.list({ customer_id: String(id), page_size: '20' }),
    ]);
    return { ledger, orders: { items: orders.items, total: orders.total } };
  },
);
