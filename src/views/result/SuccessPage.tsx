import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isPagePath } from '@/app/routes';
import { PageFrame } from '@/views/common/PageFrame';
import '../exception/exception.css';

/**
 * /result/success: a submission went through. A form that ends here may say what was made (`?what=`, shown as
 * given) and where it is listed (`?list=`, a page of the console; anything else is not offered).
 */
export default function SuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const what = params.get('what');
  const list = params.get('list');
  return (
    <PageFrame title={t('menu.result.success')}>
      <div className="exception-page" data-testid="result-success">
        <NonIdealState
          icon="tick-circle"
          title={t('result.success.title')}
          description={what ? t('result.success.made', { what }) : t('result.success.description')}
          action={
            <div className="exception-actions">
              {list && isPagePath(list) && (
                <Button intent="primary" onClick={() => navigate(list)} text={t('result.success.list')} />
              )}
              <Button onClick={() => navigate('/dashboard/workplace')} text={t('exception.result.home')} />
            </div>
          }
        />
      </div>
    </PageFrame>
  );
}
