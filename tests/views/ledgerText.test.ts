import { describe, expect, it } from 'vitest';
import type { LedgerEntryDto } from '@/contract/customers';
import { createI18n } from '@/i18n';
import { ledgerText } from '@/views/account/ledgerText';

const entry = (over: Partial<LedgerEntryDto>): LedgerEntryDto => ({
  version: 3,
  type: 'WalletCharged',
  amount_fen: -8000,
  balance_fen: 12_000,
  ref: { kind: 'order', id: 72, orderNo: 'SO20261119-00000072' },
  order_id: 72,
  for_renewal: false,
  reason: null,
  actor: { id: null, role: null, name: null },
  occurred_at: '2026-11-19T10:00:00.000Z',
  ...over,
});

describe('a wallet entry in words', () => {
  const en = createI18n('en-US').t;
  const zh = createI18n('zh-CN').t;
  const renewal = { kind: 'renewal' as const, id: 14, orderNo: 'SO20261119-00000072' };
  const refund = { kind: 'refund' as const, id: 9, orderNo: 'SO20261119-00000072' };

  it('says a payment or a refund for a renewal is for a renewal of the order, not for the order', () => {
    expect(ledgerText(en, entry({}))).toBe('Payment for SO20261119-00000072');
    expect(ledgerText(en, entry({ ref: renewal, for_renewal: true }))).toBe(
      'Payment for a renewal of SO20261119-00000072',
    );
    expect(ledgerText(zh, entry({ ref: renewal, for_renewal: true }))).toBe(
      '支付 SO20261119-00000072 的续费',
    );
    const credited = { type: 'WalletCredited' as const, amount_fen: 8000 };
    expect(ledgerText(en, entry({ ...credited, ref: refund }))).toBe('Refund for SO20261119-00000072');
    expect(ledgerText(zh, entry({ ...credited, ref: refund, for_renewal: true }))).toBe(
      'SO20261119-00000072 的续费退款',
    );
  });

  it('names the staff member of an adjustment, and says a top-up as one', () => {
    const adjusted = entry({
      type: 'WalletAdjusted',
      ref: null,
      actor: { id: 2, role: 'admin', name: 'Li Min' },
    });
    expect(ledgerText(en, adjusted)).toBe('Adjustment by Li Min');
    expect(ledgerText(zh, entry({ type: 'WalletToppedUp', ref: null }))).toBe('充值');
  });
});
