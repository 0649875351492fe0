import type { PolicyAction } from './policy';

/**
 * The workplace (/dashboard/workplace): what both sides know of it. The work waiting for staff is a declaration:
 * each item is a count of a list's rows (from the lists' counts, never a scan) under exact-match conditions, shown
 * to those who may do its action, and linking to that list filtered the same way (`route` + `query`), so the count
 * and the list it opens agree.
 */
export interface WorkItem {
  key: string;
  /** Shown only to a role that may do this (the policy table). */
  action: PolicyAction;
  /** The list's table and the counted columns' values. */
  list: string;
  where: Record<string, string>;
  /** The list screen and its URL query showing the same rows. */
  route: string;
  query: Record<string, string>;
  /**
   * Under the four-eyes rule the member who did the step before (granted a refund) may not do this one (send it):
   * the column naming who did it. The answer then says how many of the count are the member's own (`yours`).
   */
  fourEyes?: 'granted_by';
}

export const WORK_ITEMS = [
  {
    key: 'suppliersToAudit',
    action: 'supplier.approve',
    list: 'suppliers',
    where: { audit_state: 'waiting_audit' },
    route: '/supply/list',
    query: { audit_state: 'waiting_audit' },
  },
  {
    key: 'refundsToGrant',
    action: 'refund.grant',
    list: 'refunds',
    where: { kind: 'order', state: 'requested' },
    route: '/order/refund',
    query: { tab: 'requested' },
  },
  {
    key: 'refundsToSend',
    action: 'refund.send',
    list: 'refunds',
    where: { kind: 'order', state: 'granted' },
    route: '/order/refund',
    query: { tab: 'granted' },
    fourEyes: 'granted_by',
  },
  {
    key: 'renewalsToConfirm',
    action: 'renewal.confirm',
    list: 'renewals',
    where: { state: 'paid' },
    route: '/order/renew',
    query: { tab: 'paid' },
  },
  {
    key: 'renewalRefundsToGrant',
    action: 'refund.grant',
    list: 'refunds',
    where: { kind: 'renewal', state: 'requested' },
    route: '/order/renewandrefund',
    query: { tab: 'requested' },
  },
  {
    key: 'renewalRefundsToSend',
    action: 'refund.send',
    list: 'refunds',
    where: { kind: 'renewal', state: 'granted' },
    route: '/order/renewandrefund',
    query: { tab: 'granted' },
    fourEyes: 'granted_by',
  },
  {
    key: 'feedbackPending',
    action: 'feedback.reply',
    list: 'feedback',
    where: { state: 'pending' },
    route: '/feedback/feedbacklist',
    query: { tab: 'pending' },
  },
  {
    key: 'noticesToAudit',
    action: 'notice.approve',
    list: 'notices',
    where: { audit_state: 'waiting_audit' },
    route: '/notice/list',
    query: { audit_state: 'waiting_audit' },
  },
] as const satisfies readonly WorkItem[];

/** The figures of one period: orders placed, money paid (orders and renewals), commission settled, refunds sent. */
export interface PeriodFigures {
  orders: number;
  paid_fen: number;
  commission_fen: number;
  refunded_fen: number;
}

export const FIGURES = ['orders', 'paid_fen', 'commission_fen', 'refunded_fen'] as const;

/** The periods compared, each from its own start (local midnight, as the console counts days) for as long as today has run. */
export const PERIODS = ['today', 'yesterday', 'last_week'] as const;
export type Period = (typeof PERIODS)[number];

/** How many staff events and help notices the workplace shows. */
export const LATEST_EVENTS = 10;
export const LATEST_HELP = 5;

export interface WorkplaceEvent {
  position: number;
  stream_type: string;
  stream_id: string;
  type: string;
  occurred_at: string;
  actor: { id: number | null; name: string | null; email: string | null };
  /** The record's name as its list shows it (a supplier's name, an order's number), null when it has none. */
  title: string | null;
}

export interface WorkplaceDto {
  work: Array<{ key: string; count: number; yours?: number }>;
  figures: Record<Period, PeriodFigures>;
  events: WorkplaceEvent[];
  help: Array<{ id: number; title: string; notice_time: string }>;
}
