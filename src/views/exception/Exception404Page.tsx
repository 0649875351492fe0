import { PageFrame } from '@/views/common/PageFrame';
import { useTranslation } from 'react-i18next';
import { ExceptionView } from './ExceptionView';

export default function Exception404Page() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.exception.404')}>
      <ExceptionView status="404" />
    </PageFrame>
  );
}
