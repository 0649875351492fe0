import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { refundHandlers, refundReason } from '@/views/order/refundText';

describe("a refund's reason as staff read it", () => {
  const zh = createI18n('zh-CN').t;
  const en = createI18n('en-US').t;
  const asked = { reject_reason: null, request_reason: 'Came late', request_cause: null };
  const cancelled = {
    reject_reason: null,
    request_reason: 'Customer moved',
    request_cause: 'order_cancelled' as const,
  };

  it("a refund asked for directly shows the asker's words, in any language", () => {
    expect(refundReason(en, asked)).toBe('Came late');
    expect(refundReason(zh, asked)).toBe('Came late');
  });

  it("a refund asked for by the order's cancellation is worded in the person's language", () => {
    expect(refundReason(en, cancelled)).toBe('Order cancelled: Customer moved');
    expect(refundReason(zh, cancelled)).toBe('订单已取消：Customer moved');
    expect(refundReason(zh, { ...cancelled, request_reason: '' })).toBe('订单已取消');
    expect(refundReason(en, { ...cancelled, request_reason: '' })).toBe('Order cancelled');
  });

  it("a rejected refund shows why it was asked for, then the rejection's reason", () => {
    expect(refundReason(zh, { ...cancelled, reject_reason: 'Already refunded by bank' })).toBe(
      '订单已取消：Customer moved · 已驳回：Already refunded by bank',
    );
    expect(refundReason(en, { ...asked, reject_reason: 'Withdrawn' })).toBe(
      'Came late · Rejected: Withdrawn',
    );
  });
});

describe('who handled a refund', () => {
  it('names who granted and who sent it, a dash for a step not taken', () => {
    expect(refundHandlers({ granted_by_name: null, sent_by_name: null })).toBe('—');
    expect(refundHandlers({ granted_by_name: 'Alice Wang', sent_by_name: null })).toBe('Alice Wang / —');
    expect(refundHandlers({ granted_by_name: 'Alice Wang', sent_by_name: 'Bo Li' })).toBe(
      'Alice Wang / Bo Li',
    );
    // An answer without the names (a creation's): nothing is claimed.
    expect(refundHandlers({})).toBe('—');
  });
});
