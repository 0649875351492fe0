import type { TFunction } from 'i18next';
import type { RefundDto } from '@/contract/orders';
import type { PaymentMethod } from '@/machines/lifecycles/orderMachine';
import { returnsToWallet } from '@/machines/lifecycles/refundMachine';

/**
 * A refund's reason as staff read it: why it was asked for, and when it was rejected, the rejection's reason after
 * it. A refund asked for by the order's cancellation is worded here, in the person's language, around the
 * cancellation's reason.
 */
export function refundReason(
  t: TFunction,
  refund: Pick<RefundDto, 'reject_reason' | 'request_reason' | 'request_cause'>,
): string {
  const asked = askedFor(t, refund);
  return refund.reject_reason === null
    ? asked
    : t('refund.rejectedWith', { asked, reason: refund.reject_reason });
}

function askedFor(t: TFunction, refund: Pick<RefundDto, 'request_reason' | 'request_cause'>): string {
  if (refund.request_cause === null) return refund.request_reason;
  const cause = t(`refund.cause.${refund.request_cause}`, { defaultValue: refund.request_cause });
  return refund.request_reason === ''
    ? cause
    : t('refund.cause.withReason', { cause, reason: refund.request_reason });
}

/** Who granted a refund and who sent it, by name ("Alice Wang / —" while it waits to be sent); '—' for neither. */
export function refundHandlers(refund: Pick<RefundDto, 'granted_by_name' | 'sent_by_name'>): string {
  const granted = refund.granted_by_name ?? null;
  const sent = refund.sent_by_name ?? null;
  return granted === null && sent === null ? '—' : `${granted ?? '—'} / ${sent ?? '—'}`;
}

/**
 * Where a sent refund's money went, as staff read it: the wallet, or the original payment ("Original payment:
 * wallet" when that payment was the wallet, which the refund credits: `returnsToWallet`); '—' before it is sent.
 */
export function refundDestination(
  t: TFunction,
  refund: { destination: string | null; paid_with?: string | null },
): string {
  if (!refund.destination) return '—';
  const backToWallet =
    refund.destination === 'original' &&
    returnsToWallet({ paidWith: (refund.paid_with ?? null) as PaymentMethod | null }, 'original');
  return t(`refund.destination.${refund.destination}${backToWallet ? 'Wallet' : ''}`);
}
