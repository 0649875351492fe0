import { PageFrame } from '@/views/common/PageFrame';
import { useTranslation } from 'react-i18next';
import { ExceptionView } from './ExceptionView';

export default function Exception403Page() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('menu.exception.403')}>
      <ExceptionView status="403" />
    </PageFrame>
  );
}
