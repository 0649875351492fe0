import type { Kysely } from 'kysely';
import { ORDER_STREAM } from '../../../src/machines/lifecycles/orderLifecycle';
import { RENEWAL_REQUESTED, RENEWAL_STREAM } from '../../../src/machines/lifecycles/renewalLifecycle';
import type { RenewalRequest } from '../../../src/machines/lifecycles/renewalMachine';
import type { OrderParty } from '../../../src/machines/lifecycles/orderMachine';
import type { Database } from '../../db/schema';
import type { Follower } from '../../events/follower';
import type { StoredEvent } from '../../events/store';
import type { AnyEntity } from '../../kit/entity';
import { runCreate } from '../../kit/pipeline';
import { findOrder } from '../orders/port';

/**
 * The automatic notices: a follower of the event log (server/events/follower.ts) that writes a new-order notice to
 * the supplier an order is assigned to, and a renew-order notice to the supplier of an order whose customer asks
 * for a renewal. An order is placed before it has a supplier, so "new order" is told to a supplier when the order
 * becomes theirs. Each notice is created through the pipeline, by the system, in the batch's transaction: the
 * follower's position moves with it, so a notice is written once per fact, also across restarts.
 */

const SYSTEM = { id: null, role: 'system' } as const;

/** A notice to one supplier, as the create body the pipeline takes (the supplier must exist; its name is kept). */
interface OrderNotice {
  type: 'new_order' | 'renew_order';
  title: string;
  content: string;
  supplierId: number;
  noticeTime: Date;
  ref: { kind: 'order' | 'renewal'; id: number; orderNo: string };
}

/** `2026-11-26 22:10 UTC`: the stored content is read as it is, by people, in the apps. */
const readableTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function orderAssigned(trx: Kysely<Database>, event: StoredEvent): Promise<OrderNotice | undefined> {
  const supplier = (event.data as { supplier: OrderParty }).supplier;
  const order = await findOrder(trx, Number(event.streamId));
  if (!order) return; // an order's stream without its row: nothing to tell anyone about
  const o = order.context;
  return {
    type: 'new_order',
    title: `New order ${o.orderNo}`,
    content:
      `<p>Order ${escape(o.orderNo)} is yours: ${escape(o.project.name)} in ${escape(o.city)}, ` +
      `${escape(o.address)}, scheduled for ${escape(readableTime(o.scheduledAt))}.</p>`,
    supplierId: supplier.id,
    noticeTime: event.occurredAt,
    ref: { kind: 'order', id: Number(event.streamId), orderNo: o.orderNo },
  };
}

function renewalRequested(event: StoredEvent): OrderNotice {
  const r = event.data as unknown as RenewalRequest;
  return {
    type: 'renew_order',
    title: `Renewal requested for order ${r.order.orderNo}`,
    content:
      `<p>${escape(r.customer.name)} asks to extend order ${escape(r.order.orderNo)} (${escape(r.project.name)}) ` +
      `by ${r.units} ${escape(r.unit)}.</p>`,
    supplierId: r.supplier.id,
    noticeTime: event.occurredAt,
    ref: { kind: 'renewal', id: Number(event.streamId), orderNo: r.order.orderNo },
  };
}

/** The follower, writing through `notices` (the notice entity: server/modules/notices/module.ts). */
export function orderNotices(notices: AnyEntity): Follower {
  return {
    name: 'order-notices',
    types: ['OrderAssigned', RENEWAL_REQUESTED],
    handle: async (trx, event) => {
      const notice =
        event.streamType === ORDER_STREAM && event.type === 'OrderAssigned'
          ? await orderAssigned(trx, event)
          : event.streamType === RENEWAL_STREAM && event.type === RENEWAL_REQUESTED
            ? renewalRequested(event)
            : undefined;
      if (!notice) return;
      const body = {
        type: notice.type,
        title: notice.title,
        content: notice.content,
        audience: 'supplier',
        recipient_id: notice.supplierId,
        notice_time: notice.noticeTime.toISOString(),
        ref: notice.ref,
      };
      await runCreate({ db: trx, actor: SYSTEM }, notices, body, { skipPolicy: true });
    },
  };
}
