import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DialogDeclaration } from '@/views/kit/listScreen';

/** The notice on a settings page the signed-in role may read but not change (the policy table says so). */
export function ReadOnlyNotice({ role }: { role: string | null }) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.WARNING} icon="lock" className="system-readonly">
      {t('system.common.readOnly', { role: role ? t(`role.${role}`, { defaultValue: role }) : '—' })}
    </Callout>
  );
}

/** The questions a city's commands ask first (deleting it; closing it, by the list's switch or the form's): one text. */
export function useCityDialogs(): (type: string, name: string) => DialogDeclaration | undefined {
  const { t } = useTranslation();
  return (type, name) =>
    type === 'serviceCity.delete'
      ? {
          title: t('system.city.delete.title'),
          label: t('system.city.delete.body', { name }),
          confirm: t('system.city.delete.confirm'),
          intent: Intent.DANGER,
        }
      : type === 'serviceCity.close'
        ? {
            title: t('system.city.close.title'),
            label: t('system.city.close.body', { name }),
            confirm: t('system.city.close.confirm'),
            intent: Intent.DANGER,
          }
        : undefined;
}
