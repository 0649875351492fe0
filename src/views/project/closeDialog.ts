import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/** What closing a project asks first, on its list and on its page. */
export const closeProjectDialog = (t: TFunction, name: string): DialogDeclaration => ({
  title: t('project.close.title', { name }),
  label: t('project.close.body'),
  confirm: t('project.action.close'),
  intent: Intent.DANGER,
});
