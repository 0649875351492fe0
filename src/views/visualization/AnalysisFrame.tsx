import { Button, ButtonGroup, Callout, FormGroup } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { MAX_RANGE_DAYS } from '@/contract/analysis';
import { analysisMachine, lastDays, localZone } from '@/machines/screens/analysisMachine';
import { PageFrame } from '@/views/common/PageFrame';
import { LoadFailedState } from '@/views/kit/ErrorCallout';
import './analysis.css';

export type AnalysisActor = ActorRefFrom<typeof analysisMachine>;

const PRESETS = [7, 30, 90, 365] as const;

/**
 * What both analysis pages share: the title with a refresh button, the range (presets and two days), the page's
 * own controls, and the loading, failed and invalid states; `children` draw the figures once there are some.
 */
export function AnalysisFrame({
  actor,
  title,
  controls,
  children,
}: {
  actor: AnalysisActor;
  title: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s.value as string);
  const settings = useSelector(actor, (s) => s.context.settings);
  const error = useSelector(actor, (s) => s.context.error);
  const hasData = useSelector(actor, (s) => s.context.data !== null);
  const set = (change: Partial<typeof settings>) => actor.send({ type: 'analysis.set', settings: change });

  return (
    <PageFrame
      title={title}
      actions={
        <Button
          icon="refresh"
          variant="minimal"
          loading={state === 'loading'}
          disabled={state === 'invalid'}
          onClick={() => actor.send({ type: 'analysis.refresh' })}
          data-testid="analysis-refresh"
        >
          {t('analysis.refresh')}
        </Button>
      }
    >
      <div className="analysis-controls" data-testid="analysis-controls">
        <FormGroup label={t('analysis.range.label')} inline={false}>
          <ButtonGroup>
            {PRESETS.map((days) => {
              const range = lastDays(days);
              const active = settings.from === range.from && settings.to === range.to;
              return (
                <Button
                  key={days}
                  active={active}
                  onClick={() => set(range)}
                  data-testid={`analysis-last-${days}`}
                >
                  {t(`analysis.range.last${days}`)}
                </Button>
              );
            })}
          </ButtonGroup>
        </FormGroup>
        {(['from', 'to'] as const).map((end) => (
          <FormGroup key={end} label={t(`analysis.range.${end}`)} labelFor={`analysis-${end}`}>
            <input
              id={`analysis-${end}`}
              type="date"
              className={state === 'invalid' ? 'bp6-input bp6-intent-danger' : 'bp6-input'}
              aria-invalid={state === 'invalid' || undefined}
              aria-describedby={state === 'invalid' ? 'analysis-invalid' : undefined}
              value={settings[end]}
              onChange={(e) => e.target.value && set({ [end]: e.target.value })}
            />
          </FormGroup>
        ))}
        {controls}
      </div>
      <p className="bp6-text-muted analysis-hint">{t('analysis.hint', { tz: localZone() })}</p>
      {state === 'invalid' && (
        <Callout intent="warning" icon="calendar" id="analysis-invalid" data-testid="analysis-invalid">
          {t('analysis.range.invalid', { max: MAX_RANGE_DAYS })}
        </Callout>
      )}
      {state === 'failed' && (
        <LoadFailedState
          error={error}
          title={t('analysis.loadFailed')}
          onRetry={() => actor.send({ type: 'analysis.refresh' })}
        />
      )}
      {state === 'loading' && !hasData && <Spinner className="analysis-spinner" />}
      {hasData && state !== 'failed' && state !== 'invalid' && (
        <div
          className={state === 'loading' ? 'analysis-body analysis-stale' : 'analysis-body'}
          data-testid="analysis-body"
          data-state={state}
        >
          {children}
        </div>
      )}
    </PageFrame>
  );
}
