import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/**
 * What closing an activity asks first, on its list and on its page: one activity by its title, or, from the list's
 * bulk bar, the number of rows (`rows`, 0 for one activity's).
 */
export const closeActivityDialog = (t: TFunction, title: string, rows = 0): DialogDeclaration => ({
  title: rows ? t('activity.close.bulkTitle', { count: rows }) : t('activity.close.title', { title }),
  label: rows ? t('activity.close.bulkBody', { count: rows }) : t('activity.close.text'),
  confirm: t('activity.action.close'),
  intent: Intent.DANGER,
});
