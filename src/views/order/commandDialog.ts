import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { MAX_ORDER_REASON_LENGTH } from '@/machines/lifecycles/orderMachine';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/** What cancelling an order asks first (its reason), on the order list and on the order's page. */
export function orderDialog(t: TFunction, type: string, orderNo: string): DialogDeclaration | undefined {
  if (type !== 'order.cancel') return undefined;
  return {
    title: t('order.cancel.title', { orderNo }),
    label: t('order.cancel.reason'),
    confirm: t('order.action.cancel'),
    dismiss: t('order.cancel.keep'),
    intent: Intent.DANGER,
    multiline: true,
    maxLength: MAX_ORDER_REASON_LENGTH,
  };
}
