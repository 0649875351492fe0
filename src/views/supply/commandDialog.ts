import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { MAX_REASON_LENGTH } from '@/machines/lifecycles/supplierMachine';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/**
 * What closing, rejecting or ranking a supplier asks first, on its list and on its page: one supplier by its name,
 * or, closing from the list's bulk bar, the number of rows (`rows`, 0 for one supplier's). Undefined for a command
 * that does not ask.
 */
export function supplierDialog(
  t: TFunction,
  type: string,
  name: string,
  rows = 0,
): DialogDeclaration | undefined {
  switch (type) {
    case 'supplier.close':
      return {
        title: rows ? t('supply.close.bulkTitle', { count: rows }) : t('supply.close.title', { name }),
        label: rows ? t('supply.close.bulkBody', { count: rows }) : t('supply.close.body', { name }),
        confirm: t('supply.close.confirm'),
        intent: Intent.DANGER,
      };
    case 'supplier.reject':
      return {
        title: t('supply.reject.title', { name }),
        label: t('supply.reject.reason'),
        confirm: t('supply.action.reject'),
        intent: Intent.DANGER,
        multiline: true,
        maxLength: MAX_REASON_LENGTH,
      };
    case 'supplier.rank':
      return {
        title: t('supply.rank.title', { name }),
        label: t('supply.rank.label'),
        confirm: t('list.confirm'),
      };
    default:
      return undefined;
  }
}
