import type { ListSpec } from './list';

const FULFILMENTS = [
  'awaiting_assignment',
  'assigned',
  'accepted',
  'in_service',
  'completed',
  'refused',
  'cancelled',
] as const;

/** Service orders (/order/server, and /order/refuse at `was_refused`): the list as both sides query it. */
export const ORDER_LIST = {
  filters: {
    payment: { kind: 'enum', values: ['unpaid', 'paid', 'partly_refunded', 'refunded'] },
    city: { kind: 'text', maxLength: 100 },
    project_id: { kind: 'id' },
    customer_id: { kind: 'id' },
    supplier_id: { kind: 'id' },
    /** The refused list (/order/refuse): the orders a supplier refused, on the tab of where each is now. */
    was_refused: { kind: 'boolean' },
    placed: { kind: 'range', type: 'date', column: 'created_at' },
    amount: { kind: 'range', type: 'money', column: 'amount_fen' },
  },
  search: {
    words: ['customer_name', 'supplier_name'],
    prefix: ['order_no', 'customer_mobile'],
    maxLength: 100,
  },
  tabs: { column: 'fulfilment', values: FULFILMENTS },
  sorts: {
    created_at: { order: 'desc' },
    amount: { column: 'amount_fen', order: 'desc' },
    scheduled_at: { order: 'asc' },
  },
  defaultSort: 'created_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

/** Renewal orders (/order/renew). */
export const RENEWAL_LIST = {
  filters: {
    city: { kind: 'text', maxLength: 100 },
    project_id: { kind: 'id' },
    order_id: { kind: 'id' },
    requested: { kind: 'range', type: 'date', column: 'created_at' },
    amount: { kind: 'range', type: 'money', column: 'amount_fen' },
  },
  search: {
    words: ['customer_name', 'supplier_name'],
    prefix: ['order_no', 'customer_mobile'],
    maxLength: 100,
  },
  tabs: { column: 'state', values: ['requested', 'paid', 'confirmed', 'declined'] },
  sorts: {
    created_at: { order: 'desc' },
    amount: { column: 'amount_fen', order: 'desc' },
  },
  defaultSort: 'created_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

/** Refunds of service orders (/order/refund) and of renewals (/order/renewandrefund), told apart by `kind`. */
export const REFUND_LIST = {
  filters: {
    kind: { kind: 'enum', values: ['order', 'renewal'] },
    city: { kind: 'text', maxLength: 100 },
    project_id: { kind: 'id' },
    order_id: { kind: 'id' },
    requested_by: { kind: 'enum', values: ['customer', 'staff'] },
    /** Who granted it: the workplace counts the granted refunds a member may not send (four-eyes) by it. */
    granted_by: { kind: 'id' },
    requested: { kind: 'range', type: 'date', column: 'created_at' },
    amount: { kind: 'range', type: 'money', column: 'amount_fen' },
  },
  search: {
    words: ['customer_name', 'supplier_name'],
    prefix: ['order_no', 'customer_mobile'],
    maxLength: 100,
  },
  tabs: { column: 'state', values: ['requested', 'granted', 'sent', 'rejected'] },
  sorts: {
    created_at: { order: 'desc' },
    amount: { column: 'amount_fen', order: 'desc' },
  },
  defaultSort: 'created_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { OrderDto, RenewalDto, RefundDto } from './orders.schema';
