import { Button, NonIdealState } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import './exception.css';

const ICONS: Record<'403' | '404' | '500', IconName> = { '403': 'lock', '404': 'search', '500': 'error' };

/** 403 / 404 / 500 with the texts of SPEC §8, and one way on: back to the home page (Workplace). */
export function ExceptionView({ status }: { status: '403' | '404' | '500' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="exception-page" data-testid={`exception-${status}`}>
      <NonIdealState
        icon={ICONS[status]}
        title={status}
        description={t(`exception.result.${status}.description`)}
        action={
          <div className="exception-actions">
            <Button
              intent="primary"
              onClick={() => navigate('/dashboard/workplace')}
              text={t('exception.result.home')}
              data-testid="exception-home"
            />
          </div>
        }
      />
    </div>
  );
}
