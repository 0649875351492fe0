import type { Kysely } from 'kysely';
import { FEEDBACK_STREAM } from '../../../src/machines/lifecycles/feedbackLifecycle';
import type { Database } from '../../db/schema';
import type { Actor } from '../../events/store';
import { runCommand, runCreate } from '../../kit/pipeline';
import { seedOnce } from '../../kit/seedOnce';
import { someCustomers } from '../customers/port';
import { someServedOrders } from '../orders/port';
import { someSuppliers } from '../suppliers/port';
import { feedbackEntity } from './module';

/**
 * Demo feedback sent through the apps (the system actor) and answered by staff, through the real commands: some
 * waiting, some answered, one resolved, one reopened by its sender. Idempotent: runs only while no feedback stream
 * exists.
 */

export function seedFeedback(db: Kysely<Database>): Promise<void> {
  return seedOnce(db, FEEDBACK_STREAM, async (conn, { staff, apps }) => {
    const customers = await someCustomers(conn, 3);
    const suppliers = await someSuppliers(conn, 2);
    const orders = await someServedOrders(conn, 2);
    if (customers.length < 3 || suppliers.length < 2) return; // the marketplace seed made none: nobody to write
    const send = (body: Record<string, unknown>) =>
      runCreate({ db: conn, actor: apps }, feedbackEntity, body).then((r) => r.record as { id: number });
    const command = (actor: Actor, id: number, type: string, fields: Record<string, unknown>) =>
      runCommand({ db: conn, actor }, feedbackEntity, id, { type, ...fields }, 'current');

    const late = await send({
      kind: 'complaint',
      content: 'The cleaner arrived forty minutes late and did not call ahead.',
      contact: '139 0000 0001',
      from: { kind: 'customer', id: customers[0]!.id },
      ...(orders[0] ? { order_id: orders[0].id } : {}),
    });
    await command(staff, late.id, 'feedback.reply', {
      message: 'We are sorry. We have spoken to the supplier and added a reminder to call ahead.',
    });
    await send({
      kind: 'suggestion',
      content: 'Please let us choose the same supplier again for a repeat order.',
      from: { kind: 'customer', id: customers[1]!.id },
    });
    const bug = await send({
      kind: 'bug',
      content: 'The app shows my wallet balance as 0 after a top-up until I restart it.',
      contact: 'wechat: lin_home',
      from: { kind: 'customer', id: customers[2]!.id },
    });
    await command(staff, bug.id, 'feedback.reply', {
      message: 'Thanks, fixed in the next version of the app.',
    });
    await command(staff, bug.id, 'feedback.resolve', { note: 'App 3.2 fixes the balance refresh.' });
    const payout = await send({
      kind: 'other',
      content: 'When is the payout for last month sent?',
      from: { kind: 'supplier', id: suppliers[0]!.id },
    });
    await command(staff, payout.id, 'feedback.reply', {
      message: 'Payouts go out on the 5th of each month.',
    });
    await command(staff, payout.id, 'feedback.resolve', {});
    await command(apps, payout.id, 'feedback.addMessage', {
      message: 'It is the 7th and I have not got it.',
    });
    await send({
      kind: 'complaint',
      content: 'The customer was not at home at the agreed time.',
      from: { kind: 'supplier', id: suppliers[1]!.id },
      ...(orders[1] ? { order_id: orders[1].id } : {}),
    });
  });
}
