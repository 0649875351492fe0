import { NonIdealState } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

/** An honest placeholder: the page's title and a "coming soon" empty state. */
export function PlaceholderPage({ titleKey, icon }: { titleKey: string; icon: IconName }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)}>
      <NonIdealState
        icon={icon}
        title={t('placeholder.title')}
        description={t('placeholder.description', { page: t(titleKey) })}
      />
    </PageFrame>
  );
}
