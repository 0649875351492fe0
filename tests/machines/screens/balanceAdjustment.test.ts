import { describe, expect, it } from 'vitest';
import type { CustomerDto } from '@/contract/customers';
import { MAX_ADJUST_REASON_LENGTH } from '@/machines/lifecycles/customerMachine';
import { balanceAdjustment } from '@/machines/screens/balanceAdjustment';

/** An open account holding ¥30. */
const account: CustomerDto = {
  id: 3,
  version: 5,
  name: 'Li Na',
  mobile: '13800000001',
  city: 'Beijing',
  is_enabled: true,
  balance_fen: 3_000,
  balance: '30.00',
  created_by: null,
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
};

describe('balanceAdjustment', () => {
  it('sends a signed amount in fen with the trimmed reason', () => {
    expect(balanceAdjustment(account, ' -20.5 ', ' goodwill ')).toEqual({
      command: { type: 'customer.adjust', amountFen: -2_050, reason: 'goodwill' },
      refusal: null,
      problems: {},
    });
    expect(balanceAdjustment(account, '12', 'bonus').command.amountFen).toBe(1_200);
    // A plus sign says "add", as the hint invites; one sign only.
    expect(balanceAdjustment(account, ' +5 ', 'bonus')).toMatchObject({
      command: { amountFen: 500 },
      problems: {},
    });
    expect(balanceAdjustment(account, '＋５', 'bonus').command.amountFen).toBe(500);
    expect(balanceAdjustment(account, '+-5', 'x').problems).toEqual({
      amount: 'account.adjust.amountFormat',
    });
    expect(balanceAdjustment(account, '++5', 'x').problems).toEqual({
      amount: 'account.adjust.amountFormat',
    });
  });

  it('reads the full-width digits, point and minus of a Chinese input method as the amount they are', () => {
    expect(balanceAdjustment(account, '１００', 'bonus').command.amountFen).toBe(10_000);
    expect(balanceAdjustment(account, '－２０．５', 'goodwill')).toMatchObject({
      command: { amountFen: -2_050 },
      problems: {},
    });
  });

  it('reads an amount written as the console shows money: yuan sign, thousands grouped, a sign before', () => {
    const fen = (text: string) => balanceAdjustment(account, text, 'x').command.amountFen;
    expect(fen('1,000')).toBe(100_000);
    expect(fen(' ¥1,223.00 ')).toBe(122_300);
    expect(fen('￥10')).toBe(1_000);
    expect(fen('-¥5')).toBe(-500);
    expect(fen('+ ¥ 1,000,000.5')).toBe(100_000_050);
    expect(fen('１，０００')).toBe(100_000);
    // Separators that do not group thousands are not an amount.
    for (const text of ['1,22', '12,34.5', '1,2345', ',100', '5¥'])
      expect(balanceAdjustment(account, text, 'x').problems, text).toEqual({
        amount: 'account.adjust.amountFormat',
      });
  });

  it("says what the amount's text is not before what the lifecycle says of the number", () => {
    expect(balanceAdjustment(account, '  ', 'x').problems).toEqual({
      amount: 'account.adjust.amountRequired',
    });
    expect(balanceAdjustment(account, '1.234', 'x').problems).toEqual({
      amount: 'account.adjust.amountFormat',
    });
    expect(balanceAdjustment(account, '--5', 'x').problems).toEqual({
      amount: 'account.adjust.amountFormat',
    });
  });

  it("gives a too-large amount the lifecycle's range text, as for any amount out of range", () => {
    const tooLarge = balanceAdjustment(account, '-99999999999', 'x');
    const outOfRange = balanceAdjustment(account, '2000000', 'x');
    expect(tooLarge.problems.amount).toBe(outOfRange.problems.amount);
    expect(tooLarge.problems.amount).toMatch(/invalidAmount$/);
    expect(tooLarge.refusal).not.toBeNull();
    expect(balanceAdjustment(account, '0', 'x').problems.amount).toMatch(/invalidAmount$/);
  });

  it('refuses taking out more than the balance', () => {
    const result = balanceAdjustment(account, '-30.01', 'x');
    expect(result.problems).toEqual({ amount: expect.stringMatching(/insufficientBalance$/) });
    expect(balanceAdjustment(account, '-30', 'x').refusal).toBeNull();
  });

  it('shows a missing reason beside a wrong amount, so one try shows both', () => {
    expect(balanceAdjustment(account, '5', ' ').problems).toEqual({
      reason: 'account.reason.reasonRequired',
    });
    expect(balanceAdjustment(account, '5', ' ').refusal).toBe('account.reason.reasonRequired');
    expect(balanceAdjustment(account, 'abc', '').problems).toEqual({
      amount: 'account.adjust.amountFormat',
      reason: 'account.reason.reasonRequired',
    });
    expect(balanceAdjustment(account, '2000000', '').problems).toEqual({
      amount: expect.stringMatching(/invalidAmount$/),
      reason: 'account.reason.reasonRequired',
    });
    const tooLong = 'x'.repeat(MAX_ADJUST_REASON_LENGTH + 1);
    expect(balanceAdjustment(account, '5', tooLong).problems).toEqual({
      reason: 'account.reason.reasonRequired',
    });
    expect(balanceAdjustment(account, '2000000', tooLong).problems).toEqual({
      amount: expect.stringMatching(/invalidAmount$/),
      reason: 'account.reason.reasonRequired',
    });
    // Taking out more than the balance, with no reason yet (or one too long): both said at once.
    for (const reason of ['', tooLong])
      expect(balanceAdjustment(account, '-1000', reason).problems).toEqual({
        amount: expect.stringMatching(/insufficientBalance$/),
        reason: 'account.reason.reasonRequired',
      });
  });

  it('judges nothing without an account', () => {
    expect(balanceAdjustment(null, '5', 'x').refusal).toBeNull();
  });
});
