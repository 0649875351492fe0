import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectLocale } from '@/machines/app/settingsMachine';
import { useAppActors } from './actors';

/** Two locales: one button that switches to the other, labelled in that language. */
export function LocaleSwitch() {
  const { t } = useTranslation();
  const { settings } = useAppActors();
  const locale = useSelector(settings, selectLocale);
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      variant="minimal"
      icon="translate"
      data-testid="locale-switch"
      aria-label={t('navbar.action.locale')}
      title={t('navbar.action.locale')}
      text={t(`language.${other}`)}
      onClick={() => settings.send({ type: 'settings.setLocale', locale: other })}
    />
  );
}
