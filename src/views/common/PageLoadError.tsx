import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { loadFailureOf } from '@/app/loadFailure';

/**
 * What a route shows when its page could not be loaded or failed while drawing: "Unable to preload CSS" (SPEC §8)
 * when its stylesheet did not arrive, or that the page did not load, with a reload (a new version of the console
 * may have replaced the files this one asked for, or the network dropped).
 */
export function PageLoadError() {
  const { t } = useTranslation();
  const failure = loadFailureOf(useRouteError());
  return (
    <div style={{ padding: '48px 16px' }} data-testid="page-load-error" data-failure={failure}>
      <NonIdealState
        icon="offline"
        title={t(`exception.load.${failure}`)}
        description={t('exception.load.hint')}
        action={
          <Button
            intent="primary"
            icon="refresh"
            onClick={() => window.location.reload()}
            data-testid="page-reload"
          >
            {t('exception.load.reload')}
          </Button>
        }
      />
    </div>
  );
}
