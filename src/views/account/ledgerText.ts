import type { TFunction } from 'i18next';
import type { LedgerEntryDto } from '@/contract/customers';

/**
 * What a wallet entry was, in words: an adjustment by the staff member who made it, a payment or a refund by the
 * order it was for (a renewal's, said as one: its amount is not the order's), a top-up.
 */
export function ledgerText(t: TFunction, e: LedgerEntryDto): string {
  if (e.type === 'WalletAdjusted' && e.actor.name)
    return t('account.ledger.WalletAdjusted.by', { name: e.actor.name });
  if (!e.ref) return t(`account.ledger.${e.type}`);
  return t(`account.ledger.${e.type}.${e.for_renewal ? 'renewal' : 'ref'}`, { orderNo: e.ref.orderNo });
}
