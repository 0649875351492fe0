import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { MAX_NOTICE_REASON_LENGTH } from '@/machines/lifecycles/noticeMachine';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/**
 * What rejecting or closing a notice asks first, on its list and on its page: one notice by its title as the page
 * shows it, or, closing from the list's bulk bar, the number of rows (`rows`, 0 for one notice's). Undefined for a
 * command that does not ask.
 */
export function noticeDialog(
  t: TFunction,
  type: string,
  title: string,
  rows = 0,
): DialogDeclaration | undefined {
  switch (type) {
    case 'notice.reject':
      return {
        title: t('notice.reject.title', { title }),
        label: t('notice.reject.reason'),
        confirm: t('notice.action.reject'),
        intent: Intent.DANGER,
        multiline: true,
        maxLength: MAX_NOTICE_REASON_LENGTH,
      };
    case 'notice.close':
      return {
        title: rows ? t('notice.close.bulkTitle', { count: rows }) : t('notice.close.title', { title }),
        label: rows ? t('notice.close.bulkBody', { count: rows }) : t('notice.close.body'),
        confirm: t('notice.action.close'),
        intent: Intent.DANGER,
      };
    default:
      return undefined;
  }
}
