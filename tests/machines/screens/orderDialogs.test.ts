import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { OrderDto, RenewalDto } from '@/contract/orders';
import { orderScreen, renewalScreen } from '@/machines/screens/orderScreens';
import { allowedAction } from '@/machines/screens/screenEntity';
import { candidatePickerMachine, pickerOpenFor } from '@/machines/screens/candidatePickerMachine';
import {
  refundRequestMachine,
  refundRequestProblems,
  type RefundRequestContext,
} from '@/machines/screens/refundRequestMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';

/** A paid, accepted order of ¥200 with ¥50 already refunded (¥150 still refundable). */
const order = (o: Partial<OrderDto> = {}): OrderDto => ({
  id: 7,
  version: 4,
  order_no: 'SO20261123-00000007',
  customer_id: 3,
  customer_name: 'Li Na',
  customer_mobile: '13800000001',
  project_id: 2,
  project_name: 'Home Cleaning',
  renewable: false,
  renewal_unit: null,
  renewal_unit_price_fen: null,
  city: 'Beijing',
  address: '1 Chang An Avenue',
  scheduled_at: '2026-12-01T09:00:00Z',
  amount_fen: 20_000,
  amount: '200.00',
  supplier_id: 5,
  supplier_name: "Wang's Cleaning",
  fulfilment: 'accepted',
  payment: 'partly_refunded',
  settled: false,
  paid_fen: 20_000,
  payment_method: 'wallet',
  refunded_fen: 5_000,
  reserved_fen: 0,
  refundable_fen: 15_000,
  was_refused: false,
  refuse_reason: null,
  cancel_reason: null,
  settlement: null,
  created_by: null,
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-21T09:00:00Z',
  ...o,
});
const refused = new ApiError('Not refundable', 40902, 409);
const invalid = new ApiError('The reason is too long', 40000, 400);
const candidates = [
  { id: 5, name: "Wang's Cleaning", mobile: '13900000005', order_num: 12 },
  { id: 9, name: "Zhou's Cleaning", mobile: '13900000009', order_num: 3 },
];

describeMachinePaths(candidatePickerMachine, {
  events: [
    { type: 'picker.open', orderId: 7, orderNo: 'SO-7', reassign: false },
    { type: 'picker.search', q: 'zhou' },
    { type: 'xstate.after.250.candidatePicker.open.typing' },
    { type: 'xstate.done.actor.fetchCandidates', output: candidates },
    { type: 'xstate.error.actor.fetchCandidates', error: refused },
    { type: 'picker.choose', supplierId: 9 },
    { type: 'picker.confirm' },
    { type: 'picker.retry' },
    { type: 'picker.close' },
  ],
});

const context = (o: Partial<RefundRequestContext> = {}): RefundRequestContext => ({
  target: { kind: 'order', row: order() },
  amount: '150.00',
  reason: 'Late visit',
  tried: true,
  error: null,
  stale: false,
  ...o,
});

describeMachinePaths(refundRequestMachine, {
  events: (s: AnyMachineSnapshot) => [
    { type: 'refund.open', target: { kind: 'order', row: order() } },
    { type: 'refund.change', field: 'reason', value: s.context.reason ? '' : 'Late visit' },
    { type: 'refund.submit' },
    { type: 'xstate.done.actor.request', output: {} },
    { type: 'xstate.error.actor.request', error: refused },
    { type: 'xstate.error.actor.request', error: invalid },
    { type: 'refund.reload' },
    { type: 'refund.close' },
  ],
});

describe('the supplier picker', () => {
  it('shows the answer to the latest search, keeps a choice that is still listed, and tells the page', async () => {
    const list = vi.fn(async (input: { q: string }) => (input.q === 'zhou' ? [candidates[1]!] : candidates));
    const actor = createActor(
      candidatePickerMachine.provide({
        actors: { fetchCandidates: fromPromise(({ input }) => list(input)) },
      }),
    ).start();
    const assigned: Array<{ orderId: number; supplierId: number }> = [];
    actor.on('picker.assign', (e) => assigned.push(e));
    actor.send({ type: 'picker.open', orderId: 7, orderNo: 'SO-7', reassign: false });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    // None is chosen for the staff: confirming now assigns nobody.
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'picker.confirm' });
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    actor.send({ type: 'picker.choose', supplierId: 5 });
    expect(actor.getSnapshot().context.chosen).toBe(5);
    actor.send({ type: 'picker.choose', supplierId: 42 });
    expect(actor.getSnapshot().context.chosen, 'a supplier not listed cannot be chosen').toBe(5);
    actor.send({ type: 'picker.search', q: 'zh' });
    actor.send({ type: 'picker.search', q: 'zhou' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(list).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.candidates.map((c) => c.id)).toEqual([9]);
    // The choice is no longer listed: none is chosen, until one is.
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'picker.choose', supplierId: 9 });
    actor.send({ type: 'picker.confirm' });
    expect(assigned).toEqual([{ type: 'picker.assign', orderId: 7, supplierId: 9 }]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    // Opened again for a refused order: the dialog says it reassigns.
    actor.send(pickerOpenFor({ id: 8, order_no: 'SO-8', fulfilment: 'refused' }));
    expect(actor.getSnapshot().context).toMatchObject({ orderId: 8, orderNo: 'SO-8', reassign: true });
    expect(pickerOpenFor({ id: 9, order_no: 'SO-9', fulfilment: 'awaiting_assignment' })).toMatchObject({
      reassign: false,
    });
  });
});

describe('the refund request', () => {
  it('judges the amount by the order lifecycle and the reason by the refund rule', () => {
    expect(refundRequestProblems(context())).toEqual({});
    expect(refundRequestProblems(context({ amount: '150.01' })).amount).toBe('order.reason.notRefundable');
    expect(refundRequestProblems(context({ amount: '0' })).amount).toBe('order.refund.amountInvalid');
    expect(refundRequestProblems(context({ amount: '1.234' })).amount).toBe('order.refund.amountInvalid');
    // More digits than any amount is more than is refundable, as 150.01 is, not a malformed amount.
    expect(refundRequestProblems(context({ amount: '99999999999' })).amount).toBe(
      'order.reason.notRefundable',
    );
    expect(refundRequestProblems(context({ amount: '99999999999.999' })).amount).toBe(
      'order.refund.amountInvalid',
    );
    expect(refundRequestProblems(context({ reason: '   ' })).reason).toBe('refund.reason.reasonRequired');
    const unpaid = context({
      target: {
        kind: 'order',
        row: order({ payment: 'unpaid', paid_fen: 0, refunded_fen: 0, refundable_fen: 0 }),
      },
    });
    expect(refundRequestProblems(unpaid).amount).toBe('order.reason.notPaid');
  });

  it('starts at what is refundable, sends nothing while invalid, and sends the request in fen', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      refundRequestMachine.provide({
        actors: { request: fromPromise(async ({ input }) => void sent.push(input)) },
      }),
    ).start();
    let done = 0;
    actor.on('refund.requested', () => done++);
    actor.send({ type: 'refund.open', target: { kind: 'order', row: order() } });
    expect(actor.getSnapshot().context.amount).toBe('150.00');
    actor.send({ type: 'refund.submit' });
    expect(actor.getSnapshot().matches('editing'), 'no reason yet').toBe(true);
    expect(sent).toEqual([]);
    actor.send({ type: 'refund.change', field: 'reason', value: '  Late visit ' });
    actor.send({ type: 'refund.change', field: 'amount', value: '99.5' });
    actor.send({ type: 'refund.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(sent).toEqual([{ kind: 'order', target_id: 7, amount_fen: 9950, reason: 'Late visit' }]);
    expect(done).toBe(1);
  });
});

describe('a refund request the server refuses', () => {
  const refusing = (error: ApiError) =>
    createActor(
      refundRequestMachine.provide({
        actors: {
          request: fromPromise(() => Promise.reject(error)) as never,
        },
      }),
    ).start();

  it('for the record as it is now (409): says what is shown may be old, and reloads when asked', async () => {
    const actor = refusing(refused);
    const told: string[] = [];
    actor.on('*', (e) => told.push(e.type));
    actor.send({ type: 'refund.open', target: { kind: 'order', row: order() } });
    actor.send({ type: 'refund.change', field: 'reason', value: 'Late visit' });
    actor.send({ type: 'refund.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      stale: true,
      reason: 'Late visit',
      amount: '150.00',
    });
    actor.send({ type: 'refund.reload' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(told).toEqual(['refund.reload']);
    actor.send({ type: 'refund.open', target: { kind: 'order', row: order() } });
    expect(actor.getSnapshot().context.stale, 'opened again: nothing old yet').toBe(false);
  });

  it('for what was sent (400): keeps the dialog, and offers no reload', async () => {
    const actor = refusing(invalid);
    actor.send({ type: 'refund.open', target: { kind: 'order', row: order() } });
    actor.send({ type: 'refund.change', field: 'reason', value: 'Late visit' });
    actor.send({ type: 'refund.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.stale).toBe(false);
    actor.send({ type: 'refund.reload' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});

describe('asking for a refund from an order or renewal row', () => {
  const renewal = (r: Partial<RenewalDto> = {}): RenewalDto => ({
    id: 11,
    version: 2,
    order_id: 7,
    order_no: 'SO20261123-00000007',
    customer_id: 3,
    customer_name: 'Li Na',
    customer_mobile: '13800000001',
    supplier_id: 5,
    supplier_name: "Wang's Cleaning",
    project_id: 2,
    project_name: 'Elder Care',
    city: 'Beijing',
    units: 2,
    unit: 'hour',
    unit_price_fen: 6_000,
    amount_fen: 12_000,
    amount: '120.00',
    state: 'requested',
    paid_fen: 0,
    payment_method: null,
    refunded_fen: 0,
    reserved_fen: 0,
    refundable_fen: 0,
    decline_reason: null,
    settlement: null,
    created_by: null,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-21T09:00:00Z',
    ...r,
  });
  const ask = (
    entity: typeof orderScreen | typeof renewalScreen,
    row: OrderDto | RenewalDto,
    role = 'user',
  ) => allowedAction(entity as never, row as never, 'refund.create', role);

  it('a paid renewal may be confirmed from its row: the server feeds the rate it settles at', () => {
    const row = renewal({ state: 'paid', paid_fen: 12_000, payment_method: 'wallet' });
    expect(allowedAction(renewalScreen as never, row as never, 'renewal.confirm', 'user')).toEqual({
      ok: true,
    });
    expect(
      allowedAction(renewalScreen as never, renewal() as never, 'renewal.confirm', 'user'),
    ).toMatchObject({
      ok: false,
    });
  });

  it("is judged by the row's own rule for setting the amount aside, after the policy", () => {
    expect(ask(renewalScreen, renewal())).toMatchObject({
      ok: false,
      reasonKey: 'renewal.reason.notDeclined',
    });
    const paid = { state: 'paid', paid_fen: 12_000, payment_method: 'wallet', refundable_fen: 12_000 };
    expect(ask(renewalScreen, renewal(paid))).toMatchObject({
      ok: false,
      reasonKey: 'renewal.reason.notDeclined',
    });
    expect(ask(renewalScreen, renewal({ ...paid, state: 'declined' }))).toEqual({ ok: true });
    expect(
      ask(renewalScreen, renewal({ ...paid, state: 'declined', refunded_fen: 12_000, refundable_fen: 0 })),
    ).toMatchObject({ ok: false });
    expect(ask(orderScreen, order())).toEqual({ ok: true });
    const unpaid = {
      payment: 'unpaid',
      paid_fen: 0,
      refunded_fen: 0,
      refundable_fen: 0,
      payment_method: null,
    };
    expect(ask(orderScreen, order(unpaid))).toMatchObject({ ok: false, reasonKey: 'order.reason.notPaid' });
    expect(ask(orderScreen, order(), 'nobody')).toMatchObject({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
  });
});
