import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/views/common/PageFrame';
import '../exception/exception.css';

/** /result/error: a submission failed, with the reasons of SPEC §8 and a way back to fix it. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('menu.result.error')}>
      <div className="exception-page" data-testid="result-error">
        <NonIdealState
          icon="error"
          title={t('result.error.title')}
          description={t('result.error.description')}
          action={
            <div className="exception-actions">
              <Button intent="primary" onClick={() => navigate(-1)} text={t('result.error.back')} />
              <Button onClick={() => navigate('/dashboard/workplace')} text={t('exception.result.home')} />
            </div>
          }
        />
        <Callout intent="danger" title={t('result.error.reasons')} className="result-reasons">
          <ul>
            <li>{t('result.error.domain')}</li>
            <li>{t('result.error.authority')}</li>
          </ul>
        </Callout>
      </div>
    </PageFrame>
  );
}
