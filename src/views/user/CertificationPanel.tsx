import './certification.css';
import { Button, Callout, Card, FormGroup, H5, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { selectFormUnsaved } from '@/machines/screens/formMachine';
import { useReportUnsaved, type UnsavedReport } from '@/views/layout/unsavedTab';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificationDto, CertificationState } from '@/contract/certification';
import { mayRole } from '@/contract/policy';
import { selectRole, selectUser } from '@/machines/app/sessionMachine';
import { CERTIFICATION_LIMITS, type CertificationField } from '@/machines/lifecycles/certificationRules';
import {
  CERTIFICATION_SPEC,
  NO_CERTIFICATION,
  certificationFormMachine,
  certificationList,
  certificationScreen,
  lastRejection,
  standingRequest,
} from '@/machines/screens/certificationScreens';
import { useAppActors } from '@/views/common/actors';
import { showToast } from '@/views/common/toaster';
import { ErrorCallout } from '@/views/kit/ErrorCallout';
import {
  ActionButton,
  EntityTable,
  ListActionError,
  ListCommandDialog,
  ListTabs,
  Pagination,
  type ColumnDeclaration,
  type ListActor,
} from '@/views/kit/listScreen';
import { When } from './When';

/**
 * The certification tab of /user/setting: where I stand (certified, under review, or the form to ask), my requests,
 * and, for an administrator, everyone's requests to review. Every action is the lifecycle's to allow.
 */
export function CertificationPanel({ onUnsaved }: { onUnsaved: UnsavedReport }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const viewerId = useSelector(session, (s) => selectUser(s)?.id ?? null);
  // A change made through one list (or the form) reloads every list on the tab.
  const [changes, changed] = useReducer((n: number) => n + 1, 0);
  const own = { applicant_id: String(viewerId ?? '') };
  // My newest request alone says where I stand: only one is ever open, and a decided one stays decided.
  const latest = useRequestList({ ...own, page_size: '1' }, changes, changed);
  const mine = useRequestList(own, changes, changed);
  return (
    <div className="certification" data-testid="certification">
      <MyStanding latest={latest} onAsked={changed} onUnsaved={onUnsaved} />
      <CommandDialogs actor={latest} />
      <H5 className="certification-heading">{t('certification.mine.title')}</H5>
      <ListActionError actor={mine} />
      <EntityTable
        actor={mine}
        className="certification-mine"
        columns={useColumns(mine, false)}
        emptyTitle={t('certification.mine.empty')}
      />
      <Pagination actor={mine} />
      <CommandDialogs actor={mine} />
      {mayRole(role, 'certification.readAll') && <ReviewList changes={changes} changed={changed} />}
    </div>
  );
}

/**
 * A list of requests on the list screen's machine, kept off the URL (the settings page's address names its tab;
 * two lists on one page cannot both own the query string).
 */
function useRequestList(query: Record<string, string>, changes: number, changed: () => void): ListActor {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const viewerId = useSelector(session, (s) => selectUser(s)?.id ?? null);
  const actor = useActorRef(certificationList, {
    input: { entity: certificationScreen, spec: CERTIFICATION_SPEC, role, viewerId, query },
  });
  useEffect(() => {
    const sub = actor.on('toast', (e) => {
      showToast({ intent: e.intent, message: e.message ?? t(e.key) });
      if (e.intent === 'success') changed();
    });
    return () => sub.unsubscribe();
  }, [actor, t, changed]);
  useEffect(() => {
    if (changes > 0) actor.send({ type: 'list.reload' });
  }, [actor, changes]);
  return actor;
}

/** Certified, under review (with a withdraw), or the form to ask (after a rejection, with its reason). */
function MyStanding({
  latest,
  onAsked,
  onUnsaved,
}: {
  latest: ListActor;
  onAsked: () => void;
  onUnsaved: UnsavedReport;
}) {
  const { t } = useTranslation();
  const rows = useSelector(latest, (s) => s.context.items) as unknown as CertificationDto[];
  const loaded = useSelector(latest, (s) => s.context.counts !== null);
  const standing = standingRequest(rows);
  const rejected = lastRejection(rows);
  if (!loaded) return <Card className="certification-standing bp6-skeleton" />;
  if (standing)
    return (
      <Card
        className="certification-standing"
        data-testid="certification-standing"
        data-state={standing.state}
      >
        <div className="certification-standing-title">
          <H5>{t('certification.title')}</H5>
          <StateTag state={standing.state} />
        </div>
        <p className="bp6-text-muted">{t(`certification.standing.${standing.state}`)}</p>
        <dl>
          <dt>{t('certification.field.real_name')}</dt>
          <dd>{standing.real_name}</dd>
          <dt>{t('certification.field.id_number')}</dt>
          <dd className="certification-id">{standing.id_number}</dd>
          <dt>{t('certification.column.submitted')}</dt>
          <dd>
            <When iso={standing.created_at} />
          </dd>
          {standing.reviewer_name && (
            <>
              <dt>{t('certification.column.reviewer')}</dt>
              <dd>
                {standing.reviewer_name} · <When iso={standing.updated_at} />
              </dd>
            </>
          )}
        </dl>
        <ActionButton
          actor={latest}
          row={standing}
          type="certification.withdraw"
          label={t('certification.action.withdraw')}
          ask=""
          onlyWhenAllowed
          small={false}
        />
      </Card>
    );
  return (
    <Card className="certification-standing" data-testid="certification-standing" data-state="none">
      <div className="certification-standing-title">
        <H5>{t('certification.title')}</H5>
        <Tag minimal>{t('certification.state.none')}</Tag>
      </div>
      <p className="bp6-text-muted">{t('certification.intro')}</p>
      {rejected !== null && (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="certification-rejected">
          {t('certification.rejectedBefore', { reason: rejected })}
        </Callout>
      )}
      <AskForm onSaved={onAsked} onUnsaved={onUnsaved} />
    </Card>
  );
}

const FIELDS: Array<{ field: CertificationField; autoComplete: string }> = [
  { field: 'real_name', autoComplete: 'name' },
  { field: 'id_number', autoComplete: 'off' },
];

function AskForm({ onSaved, onUnsaved }: { onSaved: () => void; onUnsaved: UnsavedReport }) {
  const { t } = useTranslation();
  const actor = useActorRef(certificationFormMachine, { input: { values: NO_CERTIFICATION } });
  useReportUnsaved(useSelector(actor, selectFormUnsaved), onUnsaved);
  const context = useSelector(actor, (s) => s.context);
  const sending = useSelector(actor, (s) => s.value === 'sending');
  useEffect(() => {
    const sub = actor.on('form.saved', () => {
      showToast({ intent: Intent.SUCCESS, message: t('certification.sent') });
      onSaved();
    });
    return () => sub.unsubscribe();
  }, [actor, onSaved, t]);
  return (
    <form
      className="certification-form"
      noValidate
      data-testid="certification-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <ErrorCallout error={context.serverError} />
      {FIELDS.map(({ field, autoComplete }) => {
        const error = context.errors[field];
        return (
          <FormGroup
            key={field}
            label={t(`certification.field.${field}`)}
            labelFor={`certification-${field}`}
            labelInfo={t('user.profile.required')}
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={error ? t(error, CERTIFICATION_LIMITS) : t(`certification.field.${field}.hint`)}
          >
            <InputGroup
              id={`certification-${field}`}
              autoComplete={autoComplete}
              value={context.values[field]}
              intent={error ? Intent.DANGER : Intent.NONE}
              disabled={sending}
              onValueChange={(value) => actor.send({ type: 'field.change', field, value })}
            />
          </FormGroup>
        );
      })}
      <Button type="submit" intent={Intent.PRIMARY} loading={sending} text={t('certification.submit')} />
    </form>
  );
}

/** Every member's requests, by state, for an administrator to certify or reject (never their own). */
function ReviewList({ changes, changed }: { changes: number; changed: () => void }) {
  const { t } = useTranslation();
  const actor = useRequestList({ tab: 'reviewing' }, changes, changed);
  return (
    <section className="certification-review" data-testid="certification-review">
      <H5 className="certification-heading">{t('certification.review.title')}</H5>
      <p className="bp6-text-muted">{t('certification.review.hint')}</p>
      <ListTabs actor={actor} labelKey={(tab) => `certification.state.${tab}`} />
      <ListActionError actor={actor} />
      <EntityTable
        actor={actor}
        className="certification-review-table"
        columns={useColumns(actor, true)}
        emptyTitle={t('certification.review.empty')}
      />
      <Pagination actor={actor} />
      <CommandDialogs actor={actor} />
    </section>
  );
}

function useColumns(actor: ListActor, review: boolean): ColumnDeclaration<CertificationDto>[] {
  const { t } = useTranslation();
  const action = (row: CertificationDto, type: string, intent?: Intent, ask?: string) => (
    <ActionButton
      actor={actor}
      row={row}
      type={type}
      intent={intent}
      ask={ask}
      label={t(`certification.action.${type.split('.')[1]}`)}
      onlyWhenAllowed
    />
  );
  return [
    {
      key: 'created_at',
      header: t('certification.column.submitted'),
      width: 130,
      render: (r) => <When iso={r.created_at} />,
    },
    // My records say what kind each is; the review list says whose it is instead (it fits beside the menu).
    review
      ? {
          key: 'applicant',
          header: t('certification.column.applicant'),
          width: 150,
          render: (r) => r.applicant_name ?? r.applicant_email ?? `#${r.applicant_id}`,
        }
      : {
          key: 'type',
          header: t('certification.column.type'),
          width: 110,
          render: () => t('certification.type'),
        },
    { key: 'real_name', header: t('certification.field.real_name'), width: 110, render: (r) => r.real_name },
    {
      key: 'id_number',
      header: t('certification.field.id_number'),
      width: 170,
      render: (r) => <span className="certification-id">{r.id_number}</span>,
    },
    {
      key: 'state',
      header: t('certification.column.state'),
      width: 110,
      render: (r) => <StateTag state={r.state} />,
    },
    {
      key: 'review',
      header: t('certification.column.review'),
      width: 200,
      render: (r) =>
        r.reject_reason ? <span title={r.reject_reason}>{r.reject_reason}</span> : (r.reviewer_name ?? '—'),
    },
    {
      key: 'actions',
      header: t('certification.column.actions'),
      width: 160,
      render: (r) => (
        <div className="certification-actions" data-certification-id={r.id}>
          {action(r, 'certification.approve', Intent.SUCCESS, '')}
          {action(r, 'certification.reject', Intent.DANGER, 'reason')}
          {action(r, 'certification.withdraw', undefined, '')}
        </div>
      ),
    },
  ];
}

function CommandDialogs({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  return (
    <ListCommandDialog
      actor={actor}
      dialogs={(type, name) =>
        type === 'certification.reject'
          ? {
              title: t('certification.reject.title', { name }),
              label: t('certification.reject.reason'),
              confirm: t('certification.action.reject'),
              intent: Intent.DANGER,
              multiline: true,
              maxLength: CERTIFICATION_LIMITS.reasonMax,
            }
          : type === 'certification.approve'
            ? {
                title: t('certification.approve.title', { name }),
                label: t('certification.approve.text'),
                confirm: t('certification.action.approve'),
                intent: Intent.SUCCESS,
              }
            : type === 'certification.withdraw'
              ? {
                  title: t('certification.withdraw.title'),
                  label: t('certification.withdraw.text'),
                  confirm: t('certification.action.withdraw'),
                  intent: Intent.WARNING,
                }
              : undefined
      }
    />
  );
}

function StateTag({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  const intent = {
    reviewing: Intent.WARNING,
    certified: Intent.SUCCESS,
    rejected: Intent.DANGER,
    withdrawn: Intent.NONE,
  }[state];
  return (
    <Tag minimal intent={intent} data-state={state}>
      {t(`certification.state.${state}`)}
    </Tag>
  );
}
