import { Card, Classes, H5, Icon, Tag, type IconName } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@/contract/api';
import { auditFlowOf, type AuditStep, type AuditStepKind } from '@/machines/screens/auditSteps';
import { atMinute } from '@/views/common/when';

const STEP_ICON: Record<AuditStepKind, IconName> = {
  submitted: 'upload',
  resubmitted: 'refresh',
  returned: 'undo',
  approved: 'tick-circle',
  rejected: 'error',
  waiting: 'history',
};

/** The supplier's audit flow as steps (auditSteps.ts derives them), the current one highlighted. */
export function AuditSteps({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation();
  const flow = useMemo(() => auditFlowOf(history), [history]);
  return (
    <Card className="basic-profile-flow">
      <H5>{t('starter.profile.flow')}</H5>
      {flow.steps.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('starter.profile.step.none')}</p>
      ) : (
        <ol className="audit-steps" data-testid="audit-steps">
          {flow.steps.map((step, i) => (
            <StepItem key={step.version ?? 'next'} step={step} position={i - flow.current} />
          ))}
        </ol>
      )}
    </Card>
  );
}

/** One step; `position` is its place against the current step (negative: done, 0: current). */
function StepItem({ step, position }: { step: AuditStep; position: number }) {
  const { t, i18n } = useTranslation();
  const current = position === 0;
  const who = step.by && (step.by.apps ? t('detail.history.apps') : step.by.name);
  return (
    <li
      className={`audit-step audit-step-${step.kind} ${current ? 'audit-step-current' : 'audit-step-done'}`}
      data-kind={step.kind}
      aria-current={current ? 'step' : undefined}
    >
      <span className="audit-step-dot">
        <Icon icon={STEP_ICON[step.kind]} size={16} />
      </span>
      <div className="audit-step-text">
        <strong className="audit-step-title">
          {t(`starter.profile.step.${step.kind}`)}
          {current && (
            <Tag minimal round className="audit-step-now">
              {t('starter.profile.step.current')}
            </Tag>
          )}
        </strong>
        {step.at ? (
          <time dateTime={step.at} className={Classes.TEXT_MUTED}>
            {atMinute(step.at, i18n.language)}
          </time>
        ) : (
          <span className={Classes.TEXT_MUTED}>{t('starter.profile.step.waitingHint')}</span>
        )}
        {who && <span className={Classes.TEXT_MUTED}>{t('detail.history.by', { actor: who })}</span>}
        {step.reason && (
          <span className="audit-step-reason" data-testid="audit-step-reason">
            {t('detail.history.reason', { reason: step.reason })}
          </span>
        )}
      </div>
    </li>
  );
}
