import { PageFrame } from '@/views/common/PageFrame';
import { useTranslation } from 'react-i18next';
import { ExceptionView } from './ExceptionView';

export default function Exception500Page() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.exception.500')}>
      <ExceptionView status="500" />
    </PageFrame>
  );
}
