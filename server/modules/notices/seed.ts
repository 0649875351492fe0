import type { Kysely } from 'kysely';
import { NOTICE_STREAM } from '../../../src/machines/lifecycles/noticeLifecycle';
import type { Database } from '../../db/schema';
import type { Actor } from '../../events/store';
import { runCommand, runCreate } from '../../kit/pipeline';
import { seedOnce } from '../../kit/seedOnce';
import { someSuppliers } from '../suppliers/port';
import { noticeEntity } from './module';

/**
 * Demo notices written by staff through the real commands, in every audit state: passed broadcasts (some read in
 * the apps), one waiting for audit, one rejected, one to a single supplier, one closed. Order notices come from the
 * log follower once the server runs (orderNotices.ts). Idempotent: runs only while no notice stream exists.
 */

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

export function seedNotices(db: Kysely<Database>): Promise<void> {
  return seedOnce(db, NOTICE_STREAM, async (conn, { admin, staff, apps }) => {
    const suppliers = await someSuppliers(conn, 3);
    const write = (body: Record<string, unknown>) =>
      runCreate({ db: conn, actor: staff }, noticeEntity, body).then((r) => r.record as { id: number });
    const command = (actor: Actor, id: number, type: string, fields: Record<string, unknown> = {}) =>
      runCommand({ db: conn, actor }, noticeEntity, id, { type, ...fields }, 'current');

    const maintenance = await write({
      type: 'system',
      title: 'Platform maintenance on Saturday night',
      content:
        '<p>The apps will be unavailable on <strong>Saturday from 01:00 to 03:00</strong> while we upgrade the ' +
        'servers. Orders already accepted are not affected.</p>',
      audience: 'everyone',
      notice_time: daysAgo(6),
    });
    await command(admin, maintenance.id, 'notice.approve');
    const accepting = await write({
      type: 'help',
      title: 'How to accept an order in the app',
      content:
        '<h2>Accepting an order</h2><ol><li>Open <em>My orders</em>.</li><li>Tap the new order.</li>' +
        '<li>Tap <strong>Accept</strong> within 30 minutes.</li></ol>',
      audience: 'suppliers',
      notice_time: daysAgo(4),
    });
    await command(admin, accepting.id, 'notice.approve');
    for (const supplier of suppliers.slice(0, 2)) {
      await command(apps, accepting.id, 'notice.markRead', {
        reader: { kind: 'supplier', id: supplier.id },
      });
    }
    const refunds = await write({
      type: 'help',
      title: 'How refunds work',
      content:
        '<p>A refund is granted by the platform and sent to your wallet or to the card you paid with, ' +
        'usually within three working days.</p>',
      audience: 'customers',
      notice_time: daysAgo(1),
    });
    void refunds; // waits for audit
    const rates = await write({
      type: 'system',
      title: 'New commission rates from next month',
      content:
        '<p>The platform commission changes from the first of next month; see the table in the app.</p>',
      audience: 'suppliers',
      notice_time: daysAgo(2),
    });
    await command(admin, rates.id, 'notice.reject', { reason: 'The rates are not final yet.' });
    const old = await write({
      type: 'help',
      title: 'Spring festival service hours',
      content: '<p>During the spring festival, orders are served from 09:00 to 17:00.</p>',
      audience: 'everyone',
      notice_time: daysAgo(25),
    });
    await command(admin, old.id, 'notice.approve');
    await command(staff, old.id, 'notice.close');
    const first = suppliers[0];
    if (first) {
      await write({
        type: 'system',
        title: 'Please update your ID card photos',
        content: '<p>The photos of your ID card are hard to read. Please upload new ones in the app.</p>',
        audience: 'supplier',
        recipient_id: first.id,
        notice_time: daysAgo(0),
      });
    }
  });
}
