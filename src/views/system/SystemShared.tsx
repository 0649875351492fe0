import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The notice on a settings page the signed-in role may read but not change (the policy table says so). */
export function ReadOnlyNotice({ role }: { role: string | null }) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.WARNING} icon="lock" className="system-readonly">
      {t('system.common.readOnly', { role: role ? t(`role.${role}`, { defaultValue: role }) : '—' })}
    </Callout>
  );
}
