import { describe, expect, it } from 'vitest';
import {
  allowed,
  decide,
  evolve,
  start as startOf,
  type Command,
} from '../../../src/machines/lifecycles/lifecycle';
import {
  REFUND_STATES,
  refundLifecycle,
  refundSnapshot,
  refundStateOf,
  type RefundCommand,
  type RefundSnapshot,
} from '../../../src/machines/lifecycles/refundLifecycle';
import {
  MAX_REFUND_REASON_LENGTH,
  REFUND_KINDS,
  refundContext,
  refundMachine,
  returnsToWallet,
  type RefundInput,
} from '../../../src/machines/lifecycles/refundMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const request: RefundInput = {
  kind: 'order',
  order: { id: 9, orderNo: 'SO9' },
  renewalId: null,
  customer: { id: 3, name: 'Li Na', mobile: '13800000001' },
  supplierName: 'Wang Care',
  projectName: 'Elder care',
  city: 'Beijing',
  amountFen: 5_000,
  requestedBy: 'customer',
  requestReason: 'Came late',
};
/** Who acts and whether four eyes apply are fed by the server (and by the console from its session). */
const as = (s: RefundSnapshot, actorId: number | null, fourEyes = true) =>
  refundMachine.resolveState({
    value: s.value,
    context: { ...s.context, actorId, fourEyes },
  }) as RefundSnapshot;

const commands = (): Command[] => [
  { type: 'refund.grant' },
  { type: 'refund.reject', reason: 'Service was delivered' },
  { type: 'refund.reject', reason: '' },
  { type: 'refund.send', destination: 'wallet' },
  { type: 'refund.send', destination: 'original' },
  { type: 'refund.send', destination: 'cash' },
];

describeMachinePaths(refundMachine, {
  input: { ...request, actorId: 1, fourEyes: false },
  events: walkFacts(refundLifecycle, commands),
});

const start = (actorId: number | null = 1) =>
  as(startOf(refundLifecycle, request) as RefundSnapshot, actorId);
const refusal = (s: RefundSnapshot, c: RefundCommand) => {
  const d = decide(refundLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('refund.reason.', '');
};
/** Granted by `id`, with the four-eyes rule on or off as it was granted. */
const grantedBy = (id: number, fourEyes = true) =>
  givenIn(refundLifecycle, { ...request, actorId: id, fourEyes }, { type: 'refund.grant' }) as RefundSnapshot;

describe('refund rules', () => {
  it('is granted, then sent to the wallet or the original payment, recording who did each', () => {
    const granted = grantedBy(1);
    expect(refundStateOf(granted)).toBe('granted');
    expect(granted.context.grantedBy).toBe(1);
    const d = decide(refundLifecycle, as(granted, 2), { type: 'refund.send', destination: 'wallet' });
    expect(d.accepted && d.facts).toEqual([
      { type: 'RefundSent', data: { by: 2, destination: 'wallet', paidWith: null } },
    ]);
  });

  it('keeps in its sending how the money was paid: as it was asked for, or as the server fed it for an older one', () => {
    const sent = (s: RefundSnapshot) => {
      const d = decide(refundLifecycle, as(s, 2), { type: 'refund.send', destination: 'original' });
      if (!d.accepted) throw new Error(d.message);
      return {
        fact: d.facts[0]!.data,
        after: evolve(refundLifecycle, as(s, 2), d.facts[0]!) as RefundSnapshot,
      };
    };
    const kept = (paidWith: object) =>
      givenIn(
        refundLifecycle,
        { ...request, ...paidWith, actorId: 1 },
        { type: 'refund.grant' },
      ) as RefundSnapshot;
    expect(sent(kept({ paidWith: 'external', targetPaidWith: 'wallet' })).fact).toMatchObject({
      paidWith: 'external',
    });
    const older = sent(kept({ targetPaidWith: 'wallet' }));
    expect(older.fact).toMatchObject({ paidWith: 'wallet' });
    expect(older.after.context.paidWith).toBe('wallet');
    // A fact stored before it kept one leaves what the refund knew.
    const before = evolve(refundLifecycle, as(kept({ paidWith: 'external' }), 2), {
      type: 'RefundSent',
      data: { by: 2, destination: 'original' },
    }) as RefundSnapshot;
    expect(before.context.paidWith).toBe('external');
  });

  it('credits the wallet when sent there, or sent back the original way along a wallet payment; never before it is sent', () => {
    expect(returnsToWallet({ paidWith: 'external' }, 'wallet')).toBe(true);
    expect(returnsToWallet({ paidWith: 'wallet' }, 'original')).toBe(true);
    expect(returnsToWallet({ paidWith: 'external' }, 'original')).toBe(false);
    expect(returnsToWallet({ paidWith: null }, 'original')).toBe(false);
    expect(returnsToWallet({}, 'original')).toBe(false);
    expect(returnsToWallet({ paidWith: 'wallet' }, null)).toBe(false);
  });

  it('four eyes: the one who granted may not send, unless the rule is off now and was off when it was granted', () => {
    expect(refusal(as(grantedBy(1), 1), { type: 'refund.send', destination: 'wallet' })).toBe('sameGranter');
    // The one who granted may not send it to any destination: the destination is not what is wrong.
    expect(refusal(as(grantedBy(1), 1), { type: 'refund.send', destination: 'moon' as never })).toBe(
      'sameGranter',
    );
    expect(refusal(as(grantedBy(1), 2), { type: 'refund.send', destination: 'moon' as never })).toBe(
      'unknownDestination',
    );
    const send = { type: 'refund.send', destination: 'wallet' } as const;
    expect(refusal(as(grantedBy(1, false), 1, false), send)).toBe('accepted');
    // Turned off after the grant: the grant keeps the rule it was made under.
    expect(grantedBy(1).context.fourEyesAtGrant).toBe(true);
    expect(refusal(as(grantedBy(1), 1, false), send)).toBe('sameGranter');
    expect(refusal(as(grantedBy(1), 2, false), send)).toBe('accepted');
    // Turned on after a grant made without it: the rule now applies.
    expect(refusal(as(grantedBy(1, false), 1, true), send)).toBe('sameGranter');
    // A grant stored before the rule was kept with it: the rule as it is now.
    const older = refundMachine.resolveState({
      value: 'granted',
      context: { ...grantedBy(1).context, fourEyesAtGrant: null },
    }) as RefundSnapshot;
    expect(refusal(as(older, 1, false), send)).toBe('accepted');
    expect(refusal(as(older, 1, true), send)).toBe('sameGranter');
    expect(refusal(as(grantedBy(1), null), { type: 'refund.send', destination: 'wallet' })).toBe(
      'notAllowed',
    );
  });

  it('is rejected with a reason, before or after the grant; a finished refund takes nothing more', () => {
    expect(refusal(start(), { type: 'refund.reject', reason: '  ' })).toBe('reasonRequired');
    expect(refusal(grantedBy(1), { type: 'refund.reject', reason: 'Wrong amount' })).toBe('accepted');
    const rejected = givenIn(refundLifecycle, request, {
      type: 'refund.reject',
      reason: ' No ',
    }) as RefundSnapshot;
    expect(rejected.context.rejectReason).toBe('No');
    expect(refusal(rejected, { type: 'refund.grant' })).toBe('finished');
    expect(refusal(start(), { type: 'refund.send', destination: 'wallet' })).toBe('notGranted');
    expect(refusal(as(grantedBy(1), 2), { type: 'refund.send', destination: 'cash' as never })).toBe(
      'unknownDestination',
    );
  });

  it('a reason is 1 to MAX_REFUND_REASON_LENGTH characters once trimmed', () => {
    const reason = (n: number) => 'x'.repeat(n);
    expect(refusal(start(), { type: 'refund.reject', reason: reason(MAX_REFUND_REASON_LENGTH) })).toBe(
      'accepted',
    );
    expect(refusal(start(), { type: 'refund.reject', reason: reason(MAX_REFUND_REASON_LENGTH + 1) })).toBe(
      'reasonRequired',
    );
    const padded = `  ${reason(MAX_REFUND_REASON_LENGTH)}  `;
    expect(refusal(start(), { type: 'refund.reject', reason: padded })).toBe('accepted');
    const d = decide(refundLifecycle, start(), { type: 'refund.reject', reason: padded });
    expect(d.accepted && d.facts[0]).toMatchObject({ reason: reason(MAX_REFUND_REASON_LENGTH) });
  });

  it('four eyes are on unless the server says otherwise; a refund is of an order or of a renewal', () => {
    expect(refundContext(request).fourEyes).toBe(true);
    const granted = givenIn(refundLifecycle, request, { type: 'refund.grant' }) as RefundSnapshot;
    const sameActor = refundMachine.resolveState({
      value: granted.value,
      context: { ...refundContext(request), grantedBy: 4, actorId: 4 },
    }) as RefundSnapshot;
    expect(refusal(sameActor, { type: 'refund.send', destination: 'wallet' })).toBe('sameGranter');
    expect(REFUND_KINDS).toEqual(['order', 'renewal']);
  });

  it('admins grant and reject; staff send; the apps and staff ask', () => {
    expect(allowed(refundLifecycle, start(), 'refund.grant', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(refundLifecycle, as(grantedBy(1), 2), 'refund.send', 'user')).toEqual({ ok: true });
    expect(allowed(refundLifecycle, as(grantedBy(1), 1), 'refund.send', 'admin')).toMatchObject({
      ok: false,
      reasonKey: 'refund.reason.sameGranter',
    });
  });
});

describe('the refund lifecycle declaration', () => {
  it('stores who granted (under which rule) and who rejected, and the reason trimmed', () => {
    const facts = (s: RefundSnapshot, c: RefundCommand) => {
      const d = decide(refundLifecycle, s, c);
      return d.accepted ? d.facts : d.reasonKey;
    };
    // and under which four-eyes rule it was granted.
    expect(facts(start(5), { type: 'refund.grant' })).toEqual([
      { type: 'RefundGranted', data: { by: 5, fourEyes: true } },
    ]);
    expect(facts(as(start(), 5, false), { type: 'refund.grant' })).toEqual([
      { type: 'RefundGranted', data: { by: 5, fourEyes: false } },
    ]);
    expect(facts(start(5), { type: 'refund.reject', reason: ' Too late ' })).toEqual([
      { type: 'RefundRejected', data: { by: 5 }, reason: 'Too late' },
    ]);
  });

  it('a rejection sent without a reason is refused as one; grant and reject are asked about with what they need', () => {
    expect(refusal(start(), { type: 'refund.reject' } as RefundCommand)).toBe('reasonRequired');
    expect(allowed(refundLifecycle, start(), 'refund.reject')).toEqual({ ok: true });
    expect(allowed(refundLifecycle, start(), 'refund.grant')).toEqual({ ok: true });
    expect(allowed(refundLifecycle, as(grantedBy(1), 2), 'refund.grant')).toMatchObject({
      ok: false,
      reasonKey: 'refund.reason.notRequested',
    });
  });

  it('a granted refund is no longer waiting for a grant; a sent one is finished, and says its amount', () => {
    expect(refusal(as(grantedBy(1), 2), { type: 'refund.grant' })).toBe('notRequested');
    const sent = decide(refundLifecycle, as(grantedBy(1), 2), {
      type: 'refund.send',
      destination: 'original',
    });
    if (!sent.accepted) throw new Error(sent.message);
    const again = decide(refundLifecycle, sent.snapshot, { type: 'refund.reject', reason: 'No' });
    expect(again).toMatchObject({
      accepted: false,
      reasonKey: 'refund.reason.finished',
      values: { amount: '50.00' },
    });
  });

  it('a row read back is the refund in its state, with what the request said', () => {
    for (const state of REFUND_STATES) {
      const row = refundSnapshot(state, { ...request, grantedBy: 1 });
      expect(refundStateOf(row)).toBe(state);
      expect(row.context).toMatchObject({ ...request, grantedBy: 1, fourEyes: true, actorId: null });
    }
  });
});

for (const fourEyes of [true, false]) {
  describe(`four eyes ${fourEyes ? 'on' : 'off'}`, () => {
    describeLifecycleProperties({
      lifecycle: refundLifecycle,
      creation: { ...request, actorId: 1, fourEyes },
      commands,
      invariants: (snapshot) => {
        const s = snapshot as RefundSnapshot;
        const state = refundStateOf(s);
        if (state === 'sent') {
          expect(s.context.destination).not.toBeNull();
          if (fourEyes) expect(s.context.sentBy).not.toBe(s.context.grantedBy);
        }
        if (state === 'rejected') expect(s.context.rejectReason).toBeTruthy();
        if (state === 'granted' || state === 'sent') expect(s.context.grantedBy).toBe(1);
      },
      seen: fourEyes
        ? { rejected: (s) => s.value === 'rejected', granted: (s) => s.value === 'granted' }
        : { sent: (s) => s.value === 'sent', rejected: (s) => s.value === 'rejected' },
      runs: 200,
    });
  });
}
