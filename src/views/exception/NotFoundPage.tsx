import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/views/common/PageFrame';
import { ExceptionView } from './ExceptionView';

/**
 * The wildcard route: any unknown path (outside the layout, so it works signed out too). Laid out like the
 * 403/404/500 pages (a card with the status as title), centred on the page in the current theme.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="standalone-page">
      <PageFrame title={t('menu.exception.404')}>
        <ExceptionView status="404" />
      </PageFrame>
    </div>
  );
}
