import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/**
 * What ending or closing an activity asks first, on its list and on its page: one activity by its title, or, closing
 * from the list's bulk bar, the number of rows (`rows`, 0 for one activity's). Undefined for a command that does not ask.
 */
export function activityDialog(
  t: TFunction,
  type: string,
  title: string,
  rows = 0,
): DialogDeclaration | undefined {
  switch (type) {
    case 'activity.end':
      return {
        title: t('activity.end.title', { title }),
        label: t('activity.end.text'),
        confirm: t('activity.action.end'),
        intent: Intent.DANGER,
      };
    case 'activity.close':
      return {
        title: rows ? t('activity.close.bulkTitle', { count: rows }) : t('activity.close.title', { title }),
        label: rows ? t('activity.close.bulkBody', { count: rows }) : t('activity.close.text'),
        confirm: t('activity.action.close'),
        intent: Intent.DANGER,
      };
    default:
      return undefined;
  }
}
