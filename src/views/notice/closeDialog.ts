import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/**
 * What closing a notice asks first, on its list and on its page: one notice by its title as the page shows it, or,
 * from the list's bulk bar, the number of rows (`rows`, 0 for one notice's).
 */
export const closeNoticeDialog = (t: TFunction, title: string, rows = 0): DialogDeclaration => ({
  title: rows ? t('notice.close.bulkTitle', { count: rows }) : t('notice.close.title', { title }),
  label: rows ? t('notice.close.bulkBody', { count: rows }) : t('notice.close.body'),
  confirm: t('notice.action.close'),
  intent: Intent.DANGER,
});
