import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  customerLifecycle,
  customerSnapshot,
  customerStatusOf,
  type CustomerCommand,
  type CustomerSnapshot,
} from '../../../src/machines/lifecycles/customerLifecycle';
import {
  MAX_WALLET_AMOUNT_FEN,
  WALLET_FACTS,
  customerMachine,
  ledgerEffect,
  type WalletFact,
} from '../../../src/machines/lifecycles/customerMachine';
import { allowed, decide, start as startOf, type Command } from '../../../src/machines/lifecycles/lifecycle';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const creation = { name: 'Li Na', mobile: '13800000001', city: 'Beijing' };
const ref = { kind: 'order' as const, id: 7, orderNo: 'SO7' };
const commands = (s: AnyMachineSnapshot): Command[] => [
  { type: 'customer.close' },
  { type: 'customer.enable' },
  { type: 'customer.topUp', amountFen: 5_000 },
  { type: 'customer.topUp', amountFen: 0 },
  { type: 'customer.charge', amountFen: 3_000, ref },
  { type: 'customer.charge', amountFen: s.context.balanceFen || 1, ref },
  { type: 'customer.credit', amountFen: 1_500, ref: { ...ref, kind: 'refund' } },
  { type: 'customer.adjust', amountFen: -2_000, reason: 'Goodwill correction' },
  { type: 'customer.adjust', amountFen: 800, reason: 'Compensation' },
  { type: 'customer.adjust', amountFen: 800, reason: '  ' },
];

describeMachinePaths(customerMachine, {
  input: creation,
  events: walkFacts(customerLifecycle, commands),
  // The balance grows without bound: an empty and a funded wallet are the vertices worth telling apart.
  serializeState: (s) => JSON.stringify([s.value, s.context.balanceFen > 0]),
});

const start = () => startOf(customerLifecycle, creation) as CustomerSnapshot;
const given = (...cs: CustomerCommand[]) => givenIn(customerLifecycle, creation, ...cs) as CustomerSnapshot;
const refusal = (s: CustomerSnapshot, c: CustomerCommand) => {
  const d = decide(customerLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('account.reason.', '');
};

describe('customer account rules', () => {
  it('starts enabled with an empty wallet', () => {
    expect(customerStatusOf(start())).toEqual({ is_enabled: true, balance_fen: 0 });
  });

  it('books top-ups, payments, credits and adjustments, each fact carrying the balance it leaves', () => {
    const d = decide(customerLifecycle, given({ type: 'customer.topUp', amountFen: 10_000 }), {
      type: 'customer.charge',
      amountFen: 2_500,
      ref,
    });
    expect(d.accepted && d.facts).toEqual([
      { type: 'WalletCharged', data: { amountFen: 2_500, balanceFen: 7_500, ref } },
    ]);
    const s = given(
      { type: 'customer.topUp', amountFen: 10_000 },
      { type: 'customer.charge', amountFen: 2_500, ref },
      { type: 'customer.credit', amountFen: 1_000, ref },
      { type: 'customer.adjust', amountFen: -500, reason: ' typo ' },
    );
    expect(s.context.balanceFen).toBe(8_000);
  });

  it('never lets the balance go negative', () => {
    const s = given({ type: 'customer.topUp', amountFen: 1_000 });
    expect(refusal(s, { type: 'customer.charge', amountFen: 1_001, ref })).toBe('insufficientBalance');
    expect(refusal(s, { type: 'customer.adjust', amountFen: -1_001, reason: 'x' })).toBe(
      'insufficientBalance',
    );
    expect(refusal(s, { type: 'customer.charge', amountFen: 1_000, ref })).toBe('accepted');
    expect(refusal(s, { type: 'customer.adjust', amountFen: -1_000, reason: 'x' })).toBe('accepted');
  });

  it('refuses amounts that are not whole fen from 1 to the limit, and an adjustment of 0 or without a reason', () => {
    for (const amountFen of [0, -1, 1.5, MAX_WALLET_AMOUNT_FEN + 1]) {
      expect(refusal(start(), { type: 'customer.topUp', amountFen }), String(amountFen)).toBe(
        'invalidAmount',
      );
    }
    expect(refusal(start(), { type: 'customer.topUp', amountFen: MAX_WALLET_AMOUNT_FEN })).toBe('accepted');
    expect(refusal(start(), { type: 'customer.adjust', amountFen: 0, reason: 'x' })).toBe('invalidAmount');
    expect(refusal(start(), { type: 'customer.adjust', amountFen: 100, reason: ' ' })).toBe('reasonRequired');
    expect(refusal(start(), { type: 'customer.adjust', amountFen: 100, reason: 'x'.repeat(201) })).toBe(
      'reasonRequired',
    );
  });

  it('a closed account takes no top-up or payment, but still receives refunds and adjustments', () => {
    const closed = given({ type: 'customer.topUp', amountFen: 1_000 }, { type: 'customer.close' });
    expect(refusal(closed, { type: 'customer.topUp', amountFen: 1 })).toBe('closed');
    expect(refusal(closed, { type: 'customer.charge', amountFen: 1, ref })).toBe('closed');
    expect(refusal(closed, { type: 'customer.credit', amountFen: 1, ref })).toBe('accepted');
    expect(refusal(closed, { type: 'customer.adjust', amountFen: 1, reason: 'x' })).toBe('accepted');
    expect(refusal(closed, { type: 'customer.close' })).toBe('alreadyClosed');
    expect(refusal(start(), { type: 'customer.enable' })).toBe('alreadyEnabled');
  });

  it('stores the adjustment reason trimmed, in the fact reason', () => {
    const d = decide(customerLifecycle, given({ type: 'customer.topUp', amountFen: 100 }), {
      type: 'customer.adjust',
      amountFen: 50,
      reason: '  bonus ',
    });
    expect(d.accepted && d.facts[0].reason).toBe('bonus');
  });

  it('admins adjust and close; staff only read; the apps top up; payments and credits only follow orders', () => {
    expect(allowed(customerLifecycle, start(), 'customer.adjust', 'admin')).toEqual({ ok: true });
    expect(allowed(customerLifecycle, start(), 'customer.adjust', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(customerLifecycle, start(), 'customer.topUp', 'admin')).toEqual({
      ok: false,
      reasonKey: 'policy.appsOnly',
    });
    expect(allowed(customerLifecycle, start(), 'customer.credit', 'system')).toEqual({
      ok: false,
      reasonKey: 'policy.never',
    });
  });
});

describe('the customer lifecycle declaration', () => {
  const facts = (s: CustomerSnapshot, c: CustomerCommand) => {
    const d = decide(customerLifecycle, s, c);
    return d.accepted ? d.facts : d.reasonKey;
  };

  it('each wallet fact records its amount and the balance it leaves; a credit and a payment their reference', () => {
    const funded = given({ type: 'customer.topUp', amountFen: 1_000 });
    expect(facts(funded, { type: 'customer.topUp', amountFen: 250 })).toEqual([
      { type: 'WalletToppedUp', data: { amountFen: 250, balanceFen: 1_250 } },
    ]);
    const refundRef = { kind: 'refund' as const, id: 4, orderNo: 'SO7' };
    expect(facts(funded, { type: 'customer.credit', amountFen: 300, ref: refundRef })).toEqual([
      { type: 'WalletCredited', data: { amountFen: 300, balanceFen: 1_300, ref: refundRef } },
    ]);
    expect(facts(funded, { type: 'customer.adjust', amountFen: -400, reason: ' Typo ' })).toEqual([
      { type: 'WalletAdjusted', data: { amountFen: -400, balanceFen: 600 }, reason: 'Typo' },
    ]);
    expect(facts(funded, { type: 'customer.close' })).toEqual([{ type: 'CustomerClosed', data: {} }]);
    expect(facts(given({ type: 'customer.close' }), { type: 'customer.enable' })).toEqual([
      { type: 'CustomerEnabled', data: {} },
    ]);
  });

  it('says why: a closed account first (the state), then a wrong amount, then the balance, which a refusal names', () => {
    const funded = given({ type: 'customer.topUp', amountFen: 1_234 });
    expect(refusal(funded, { type: 'customer.charge', amountFen: 0, ref })).toBe('invalidAmount');
    expect(refusal(funded, { type: 'customer.credit', amountFen: 0, ref })).toBe('invalidAmount');
    expect(refusal(funded, { type: 'customer.credit', amountFen: -5, ref })).toBe('invalidAmount');
    expect(refusal(funded, { type: 'customer.adjust', amountFen: 5 } as CustomerCommand)).toBe(
      'reasonRequired',
    );
    expect(refusal(funded, { type: 'customer.adjust', amountFen: -2_000, reason: ' ' })).toBe(
      'reasonRequired',
    );
    expect(
      decide(customerLifecycle, funded, { type: 'customer.charge', amountFen: 1_235, ref }),
    ).toMatchObject({
      accepted: false,
      reasonKey: 'account.reason.insufficientBalance',
      values: { balance: '12.34' },
    });
    const closed = given({ type: 'customer.close' });
    // A wrong amount is bad input only where the state would take a good one (a 400, not a 409).
    expect(refusal(closed, { type: 'customer.topUp', amountFen: 0 })).toBe('closed');
    expect(refusal(closed, { type: 'customer.charge', amountFen: 0, ref })).toBe('closed');
    expect(refusal(funded, { type: 'customer.topUp', amountFen: 0 })).toBe('invalidAmount');
  });

  it('a row read back is the account in its state with its balance', () => {
    expect(customerStatusOf(customerSnapshot(false, creation, 700))).toEqual({
      is_enabled: false,
      balance_fen: 700,
    });
    expect(customerStatusOf(customerSnapshot(true, creation, 0))).toEqual({
      is_enabled: true,
      balance_fen: 0,
    });
    expect(customerSnapshot(true, creation, 0).context).toMatchObject(creation);
  });

  it('asks "is it possible now?" with commands the rules would take', () => {
    const funded = given({ type: 'customer.topUp', amountFen: 1 });
    for (const type of [
      'customer.topUp',
      'customer.charge',
      'customer.credit',
      'customer.adjust',
      'customer.close',
    ] as const) {
      expect(allowed(customerLifecycle, funded, type), type).toEqual({ ok: true });
    }
    expect(allowed(customerLifecycle, given({ type: 'customer.close' }), 'customer.enable')).toEqual({
      ok: true,
    });
  });
});

describeLifecycleProperties({
  lifecycle: customerLifecycle,
  creation,
  commands,
  invariants: (snapshot, log) => {
    const s = snapshot as CustomerSnapshot;
    const ledger = log.filter((f) => (WALLET_FACTS as readonly string[]).includes(f.type)) as WalletFact[];
    // The balance is the sum of the ledger, never negative, and each entry records the balance it left.
    expect(s.context.balanceFen).toBe(ledger.reduce((sum, f) => sum + ledgerEffect(f), 0));
    expect(s.context.balanceFen).toBeGreaterThanOrEqual(0);
    let running = 0;
    for (const fact of ledger) {
      running += ledgerEffect(fact);
      expect(fact.data.balanceFen).toBe(running);
    }
  },
  seen: {
    closed: (s) => !customerStatusOf(s as CustomerSnapshot).is_enabled,
    drained: (s) => (s as CustomerSnapshot).context.balanceFen === 0 && s.matches('enabled'),
    funded: (s) => (s as CustomerSnapshot).context.balanceFen > 5_000,
  },
});
