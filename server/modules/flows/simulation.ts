import type { Kysely } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import { rateOfService, type CommissionSettings } from '../../../src/machines/lifecycles/commissionRules';
import type { CustomerSnapshot } from '../../../src/machines/lifecycles/customerLifecycle';
import type { Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  candidateOf,
  followUps,
  placementOf,
  refundRequestOf,
  renewalRequestOf,
} from '../../../src/machines/lifecycles/marketplaceFlows';
import type { OrderSnapshot } from '../../../src/machines/lifecycles/orderLifecycle';
import type { OrderProject } from '../../../src/machines/lifecycles/orderMachine';
import type { ProjectSnapshot } from '../../../src/machines/lifecycles/projectLifecycle';
import { statusOf as projectStatusOf } from '../../../src/machines/lifecycles/projectLifecycle';
import type { RenewalSnapshot } from '../../../src/machines/lifecycles/renewalLifecycle';
import type { SupplierSnapshot } from '../../../src/machines/lifecycles/supplierLifecycle';
import type { Database } from '../../db/schema';
import type { Actor } from '../../events/store';
import { Batch, type BatchFeed, type BatchFollowUps } from '../../kit/batch';
import { commissionSettings } from '../commission/port';
import { refundFourEyes } from '../configs/port';
import { customerEntity } from '../customers/module';
import { orderEntity } from '../orders/module';
import { projectEntity } from '../projects/module';
import { refundEntity } from '../refunds/module';
import { renewalEntity } from '../renewals/module';
import { supplierEntity } from '../suppliers/module';

/**
 * A believable marketplace, made by sending commands: customers sign up and top up their wallets, place orders
 * for the open projects in their city and pay; staff assign each order to a supplier who can take it; suppliers
 * accept or refuse, serve and finish; some orders are renewed, cancelled or refunded, each refund granted by an
 * admin and sent by someone else. Every step is a command the lifecycles decide (server/kit/batch.ts), taken in
 * time order across all orders, and a step later than `now` is not taken — so recent orders are where they would
 * be today. Used by the demo seed (a month, a few hundred orders) and `npm run generate` (any number).
 */

export interface SimulationOptions {
  orders: number;
  /** Customers to sign up (default: one per 8 orders, at least 30). */
  customers?: number;
  /** Extra suppliers to register and approve (default none: the existing ones serve). */
  suppliers?: number;
  from: Date;
  now: Date;
  seed: number;
  /** Called after every `flushEvery` steps with the batch, to write what is done (the generator's memory bound). */
  flush?: (batch: Batch, done: (name: string, id: number) => boolean) => Promise<void>;
  flushEvery?: number;
  /** Makes the profile of the i-th extra supplier (the supplier seed's demo profiles). */
  supplierProfile?: (i: number, city: string) => Record<string, unknown>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SURNAMES = [
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Zhao',
  'Huang',
  'Zhou',
  'Wu',
  'Xu',
  'Sun',
  'Ma',
  'Hu',
];
const GIVEN = [
  'Na',
  'Min',
  'Jing',
  'Lei',
  'Yan',
  'Tao',
  'Hui',
  'Qiang',
  'Fang',
  'Xin',
  'Yu',
  'Hao',
  'Ning',
  'Bo',
];
const STREETS = [
  'Renmin Road',
  'Jianguo Road',
  'Zhongshan Road',
  'Huaihai Road',
  'Xinhua Street',
  'Binjiang Avenue',
];
const REFUSALS = ['Too far from my other jobs', 'Not available at that time', 'Equipment under repair'];
const CANCELLATIONS = ['Customer changed plans', 'Customer booked twice', 'No supplier free in time'];
const COMPLAINTS = ['Arrived an hour late', 'Part of the work was left undone', 'Broke a cup while cleaning'];
const DECLINES = ['Fully booked that week', 'Cannot extend: next client waiting'];

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A min-heap of steps by time: the simulation takes every order's next step in time order. */
class Agenda {
  private readonly items: Array<{ at: number; seq: number; run: () => void }> = [];
  private seq = 0;
  get size() {
    return this.items.length;
  }
  push(at: number, run: () => void) {
    const items = this.items;
    items.push({ at, seq: this.seq++, run });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop() {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && before(items[l], items[m])) m = l;
        if (r < items.length && before(items[r], items[m])) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
}
const before = (a: { at: number; seq: number }, b: { at: number; seq: number }) =>
  a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** The flows' follow-ups for the batch: commands as they are; a refund asked for, made from its order. */
export const batchFollowUps: BatchFollowUps = (batch, stream, id, fact, after) =>
  followUps(stream, id, fact, after).map((next) => {
    if (next.kind === 'command') return next;
    const ask = next.ask;
    const renewal =
      ask.kind === 'renewal' ? (batch.snapshot('renewal', ask.id) as RenewalSnapshot) : undefined;
    const orderId = renewal ? renewal.context.order.id : ask.id;
    const made = refundRequestOf(ask, batch.snapshot('order', orderId) as OrderSnapshot, renewal);
    if (!made.ok) throw new Error(`A refund of ${ask.kind} ${ask.id} cannot be asked for: ${made.problem}`);
    return { lifecycle: 'refund', create: made.request };
  });

/** What the server's feeds read from the database, read from the batch. */
function batchFeeds(settings: CommissionSettings, fourEyes: boolean): Record<string, BatchFeed> {
  return {
    order: (batch, held, command) => {
      if (command.type === 'order.assign') {
        const supplier = batch.snapshot('supplier', command.supplierId as number) as
          SupplierSnapshot | undefined;
        return { candidate: supplier ? candidateOf(command.supplierId as number, supplier) : null };
      }
      if (command.type === 'order.finish') {
        return { rate: rateOfService((held.snapshot as OrderSnapshot).context, settings) };
      }
      return {};
    },
    renewal: (_batch, held, command) => {
      if (command.type !== 'renewal.confirm') return {};
      return { rate: rateOfService((held.snapshot as RenewalSnapshot).context, settings) };
    },
    refund: (_batch, _held, _command, actor) => ({ actorId: actor.id, fourEyes }),
  };
}

export interface SimulationResult {
  batch: Batch;
  steps: number;
  orders: number;
}

/** Runs the simulation into a new batch over the records in `db` (nothing is written unless `flush` writes). */
export async function simulate(db: Kysely<Database>, options: SimulationOptions): Promise<SimulationResult> {
  const random = prng(options.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  const users = await db.selectFrom('users').select(['id', 'role']).execute();
  const admin: Actor = { id: users.find((u) => u.role === 'admin')!.id, role: 'admin' };
  const staff: Actor = { id: (users.find((u) => u.role === 'user') ?? users[0]).id, role: 'user' };
  const apps: Actor = { id: null, role: 'system' };

  const batch = new Batch([customerEntity, supplierEntity, orderEntity, renewalEntity, refundEntity], {
    feeds: batchFeeds(await commissionSettings(db), await refundFourEyes(db)),
    followUps: batchFollowUps,
  });
  await batch.open(db);

  // The world as it is: open cities, enabled projects, and the suppliers (held, so orders can move them).
  const cityRows = await db.selectFrom('service_cities').select(['id', 'name', 'is_enabled']).execute();
  const cities = cityRows.filter((c) => c.is_enabled).map((c) => c.name);
  const projects: OrderProject[] = [];
  const priceRange = new Map<number, [number, number]>();
  const durations = new Map<number, number>();
  for (const { id } of await db.selectFrom('projects').select('id').execute()) {
    const loaded = await projectEntity.projection.load(db, id, { lock: false });
    const p = loaded!.snapshot as ProjectSnapshot;
    if (!projectStatusOf(p).is_enabled) continue;
    const d = p.context.details;
    projects.push({
      id,
      name: d.project_name,
      renewable: d.kind === 'renewable',
      renewalUnit: d.kind === 'renewable' ? d.renewal_unit : null,
      renewalUnitPriceFen: d.kind === 'renewable' ? d.renewal_unit_price : null,
    });
    priceRange.set(id, [d.min_price, d.max_price ?? d.min_price]);
    durations.set(id, (d.duration ?? 120) * MINUTE);
  }
  const suppliersIn = new Map<string, number[]>();
  /** Each supplier's booked services (start, end) by order: an assignment must not overlap another. */
  const bookings = new Map<number, Map<number, [number, number]>>();
  const isFree = (supplierId: number, start: number, end: number) => {
    for (const [s0, e0] of bookings.get(supplierId)?.values() ?? []) if (end > s0 && start < e0) return false;
    return true;
  };
  const book = (supplierId: number, orderId: number, span: [number, number] | null) => {
    const mine = bookings.get(supplierId) ?? new Map<number, [number, number]>();
    if (span) mine.set(orderId, span);
    else mine.delete(orderId);
    bookings.set(supplierId, mine);
  };
  const addToCity = (city: string, id: number) => {
    const list = suppliersIn.get(city) ?? [];
    list.push(id);
    suppliersIn.set(city, list);
  };
  const hold = (id: number, snapshot: AnyMachineSnapshot, meta: Parameters<Batch['adopt']>[3]) => {
    batch.adopt('supplier', id, snapshot, meta);
    addToCity((snapshot as SupplierSnapshot).context.profile.city, id);
  };
  for (const { id } of await db.selectFrom('suppliers').select('id').execute()) {
    const loaded = await supplierEntity.projection.load(db, id, { lock: false });
    hold(id, loaded!.snapshot, loaded!.meta);
  }
  if (cities.length === 0 || projects.length === 0) {
    throw new Error('The marketplace needs an open service city and an enabled project before orders.');
  }

  const agenda = new Agenda();
  const span = options.now.getTime() - options.from.getTime();
  const at = (t: number) => new Date(t);

  // Extra suppliers (the generator's scale): registered, approved, shown and taking orders at the start.
  for (let i = 0; i < (options.suppliers ?? 0); i++) {
    const city = cities[i % cities.length];
    const t = options.from.getTime() - DAY + i;
    const id = batch.create(
      'supplier',
      { profile: options.supplierProfile!(i, city), ranking: i % 100 },
      staff,
      at(t),
    );
    for (const type of ['supplier.approve', 'supplier.show', 'supplier.takeOrders'])
      batch.send('supplier', id, { type }, staff, at(t + MINUTE));
    addToCity(city, id);
  }

  // Customers sign up over the first days; a third top up their wallet.
  const customerCount = options.customers ?? Math.max(30, Math.ceil(options.orders / 8));
  const customers: number[] = [];
  for (let i = 0; i < customerCount; i++) {
    const t = options.from.getTime() - DAY + Math.floor((i / customerCount) * DAY);
    const city = cities[i % cities.length];
    const id = batch.create(
      'customer',
      {
        name: `${SURNAMES[i % SURNAMES.length]} ${GIVEN[(i * 5) % GIVEN.length]}`,
        mobile: `137${String(i).padStart(8, '0')}`,
        city,
      },
      apps,
      at(t),
    );
    if (i % 3 === 0)
      batch.send(
        'customer',
        id,
        { type: 'customer.topUp', amountFen: between(5, 30) * 10_000 },
        apps,
        at(t + MINUTE),
      );
    customers.push(id);
  }

  const send = (name: string, id: number, command: Command, actor: Actor, t: number) =>
    batch.send(name, id, command, actor, at(t)).accepted;
  const balanceOf = (id: number) => (batch.snapshot('customer', id) as CustomerSnapshot).context.balanceFen;
  /** Orders with no step left to take: written and let go of by a flush. */
  const finished = new Set<number>();
  let steps = 0;
  type Later = (t: number, run: () => void) => void;

  /** A refund's way: granted by an admin and sent by staff (or rejected), an hour or two apart. */
  const decideRefund = (later: Later, refundId: number, t: number, reject: boolean) => {
    const decidedAt = t + between(1, 36) * HOUR;
    later(decidedAt, () => {
      if (reject) {
        send(
          'refund',
          refundId,
          { type: 'refund.reject', reason: 'The service was delivered as booked' },
          admin,
          decidedAt,
        );
        return;
      }
      send('refund', refundId, { type: 'refund.grant' }, admin, decidedAt);
      const sentAt = decidedAt + between(1, 24) * HOUR;
      later(sentAt, () =>
        send(
          'refund',
          refundId,
          { type: 'refund.send', destination: chance(0.5) ? 'wallet' : 'original' },
          staff,
          sentAt,
        ),
      );
    });
  };
  /** A growing business: orders come more often as time goes on (twice as often at the end as on average). */
  const placedAtOf = (n: number) => options.from.getTime() + Math.floor(Math.sqrt(n / options.orders) * span);

  const placeOrder = (n: number) => {
    const placedAt = placedAtOf(n) + between(0, 59) * 1000;
    const customerId = customers[Math.floor(random() * customers.length)];
    const customer = batch.snapshot('customer', customerId) as CustomerSnapshot;
    const city = customer.context.city;
    const project = pick(projects);
    const [lo, hi] = priceRange.get(project.id)!;
    const amountFen = Math.round((lo + random() * (hi - lo)) / 100) * 100 || lo;
    const scheduled = placedAt + between(2, 72) * HOUR;
    const orderId = batch.create(
      'order',
      (id) =>
        placementOf({
          id,
          placedAt: at(placedAt),
          customer: { id: customerId, name: customer.context.name, mobile: customer.context.mobile },
          project,
          city,
          address: `${between(1, 300)} ${pick(STREETS)}, ${city}`,
          scheduledAt: at(scheduled).toISOString(),
          amountFen,
        }),
      apps,
      at(placedAt),
    );
    const order = () => batch.snapshot('order', orderId) as OrderSnapshot;
    // Every step of this order (and of its renewals and refunds) is counted, so the order is known to be finished.
    let pending = 0;
    const later: Later = (t, run) => {
      pending += 1;
      agenda.push(t, () => {
        pending -= 1;
        run();
        if (pending === 0) finished.add(orderId);
      });
    };
    const cancel = (t: number, reason: string) => {
      // A paid order's cancellation asks for its refund (the flows), which an admin then decides.
      if (
        send('order', orderId, { type: 'order.cancel', reason }, staff, t) &&
        order().context.reservedFen > 0
      ) {
        decideRefund(later, batch.lastCreated('refund'), t, false);
      }
    };

    // Paid within minutes (from the wallet when it covers the amount), or left unpaid and cancelled.
    if (chance(0.05)) {
      later(placedAt + 40 * MINUTE, () => cancel(placedAt + 40 * MINUTE, 'Not paid within 30 minutes'));
      return;
    }
    const paidAt = placedAt + between(1, 10) * MINUTE;
    later(paidAt, () => {
      const t = paidAt;
      const wallet = balanceOf(customerId) >= amountFen && chance(0.7);
      send('order', orderId, { type: 'order.pay', method: wallet ? 'wallet' : 'external' }, apps, t);
      if (chance(0.03)) {
        const cancelledAt = t + between(10, 60) * MINUTE;
        later(cancelledAt, () => cancel(cancelledAt, pick(CANCELLATIONS)));
        return;
      }
      assign(t + between(10, 90) * MINUTE, 0, new Set());
    });

    const assign = (t: number, attempt: number, refusedBy: Set<number>) =>
      later(t, () => {
        const duration = durations.get(project.id)!;
        // The first free supplier from a random place in the city's list: a city holds hundreds of suppliers at
        // a million orders, and checking each of them for every assignment made the generator slow down.
        const inCity = suppliersIn.get(city) ?? [];
        const from = Math.floor(random() * inCity.length);
        // The supplier answers within minutes or, busy, within the day (never after the service was due).
        // (An order assigned late, with its service due within half an hour or past, is answered a minute later,
        // and served a minute after that: the supplier is booked from when the service really starts.)
        const t2 = Math.max(t + MINUTE, Math.min(t + between(5, 12 * 60) * MINUTE, scheduled - 30 * MINUTE));
        const startAt = Math.max(scheduled, t2 + MINUTE);
        let supplierId: number | undefined;
        for (let k = 0; k < inCity.length && supplierId === undefined; k += 1) {
          const id = inCity[(from + k) % inCity.length]!;
          if (refusedBy.has(id) || !isFree(id, startAt - HOUR, startAt + duration + HOUR)) continue;
          const c = candidateOf(id, batch.snapshot('supplier', id) as SupplierSnapshot);
          if (c.auditPassed && c.enabled && c.takingOrders) supplierId = id;
        }
        if (supplierId === undefined) {
          if (attempt < 3) assign(t + 2 * HOUR, attempt + 1, refusedBy);
          else if (chance(0.5)) later(t + HOUR, () => cancel(t + HOUR, 'No supplier free in time'));
          return;
        }
        if (!send('order', orderId, { type: 'order.assign', supplierId }, staff, t)) return;
        book(supplierId, orderId, [startAt - HOUR, startAt + duration + HOUR]);
        later(t2, () => {
          if (chance(0.07)) {
            book(supplierId, orderId, null);
            send('order', orderId, { type: 'order.refuse', reason: pick(REFUSALS) }, apps, t2);
            if (chance(0.7))
              assign(t2 + between(20, 120) * MINUTE, attempt, new Set([...refusedBy, supplierId]));
            else
              later(t2 + 2 * HOUR, () =>
                cancel(t2 + 2 * HOUR, 'The supplier refused and none other was free'),
              );
            return;
          }
          send('order', orderId, { type: 'order.accept' }, apps, t2);
          serve(supplierId, duration, startAt);
        });
      });

    /** Service starts when due, or a minute after it was accepted late (the time the supplier was booked from). */
    const serve = (supplierId: number, duration: number, startAt: number) =>
      later(startAt, () => {
        send('order', orderId, { type: 'order.start' }, apps, startAt);
        if (project.renewable && chance(0.5)) renew(startAt + duration / 2);
        later(startAt + duration, () => {
          const t = startAt + duration;
          send('order', orderId, { type: 'order.finish' }, apps, t);
          book(supplierId, orderId, null);
          if (chance(0.06)) {
            const askedAt = t + between(2, 48) * HOUR;
            later(askedAt, () => {
              const t2 = askedAt;
              const part = Math.max(
                100,
                Math.round((order().context.paidFen * between(10, 50)) / 100 / 100) * 100,
              );
              const refundId = batch.create(
                'refund',
                () => {
                  const made = refundRequestOf(
                    {
                      kind: 'order',
                      id: orderId,
                      amountFen: part,
                      requestedBy: 'customer',
                      reason: pick(COMPLAINTS),
                    },
                    order(),
                  );
                  if (!made.ok) throw new Error(made.problem);
                  return made.request;
                },
                apps,
                at(t2),
              );
              decideRefund(later, refundId, t2, chance(0.3));
            });
          }
        });
      });

    const renew = (t: number) =>
      later(t, () => {
        const made = renewalRequestOf(orderId, order(), between(1, 3));
        if (!made.ok) return;
        const renewalId = batch.create('renewal', made.request, apps, at(t));
        const t2 = t + between(30, 36 * 60) * MINUTE;
        later(t2, () => {
          const wallet = balanceOf(customerId) >= made.request.amountFen && chance(0.6);
          send(
            'renewal',
            renewalId,
            { type: 'renewal.pay', method: wallet ? 'wallet' : 'external' },
            apps,
            t2,
          );
          const t3 = t2 + between(60, 48 * 60) * MINUTE;
          later(t3, () => {
            if (chance(0.8)) {
              send('renewal', renewalId, { type: 'renewal.confirm' }, apps, t3);
              return;
            }
            // A paid renewal's decline asks for its refund (the flows), which an admin then decides.
            if (
              send('renewal', renewalId, { type: 'renewal.decline', reason: pick(DECLINES) }, apps, t3) &&
              (batch.snapshot('renewal', renewalId) as RenewalSnapshot).context.reservedFen > 0
            ) {
              decideRefund(later, batch.lastCreated('refund'), t3, false);
            }
          });
        });
      });
  };

  for (let n = 0; n < options.orders; n++) {
    const t = placedAtOf(n);
    agenda.push(t, () => placeOrder(n));
  }
  const now = options.now.getTime();
  while (agenda.size > 0) {
    const step = agenda.pop();
    if (step.at > now) continue;
    step.run();
    steps += 1;
    if (options.flush && options.flushEvery && steps % options.flushEvery === 0) {
      await options.flush(batch, (name, id) => name === 'order' && finished.has(id));
    }
  }
  return { batch, steps, orders: options.orders };
}
