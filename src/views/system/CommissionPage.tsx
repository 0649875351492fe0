import './system.css';
import { Alert, Button, Callout, Card, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { Select } from '@/views/kit/Select';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import { formatPercent } from '@/machines/lifecycles/commissionRules';
import { formatYuan } from '@/machines/lifecycles/money';
import {
  commissionPageMachine,
  exampleProblem,
  exampleQuote,
  selectBusy,
  selectReadOnly,
} from '@/machines/screens/commissionPageMachine';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { ReadOnlyNotice } from './SystemShared';
import { ErrorCallout, LoadFailedState } from '@/views/kit/ErrorCallout';
import { ConflictOffer, Timeline } from '@/views/kit/detailScreen';

type PageActor = ActorRefFrom<typeof commissionPageMachine>;

/** /system/commission: default rate, overrides, example computation and history. */
export default function CommissionPage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(commissionPageMachine, { input: { role } });
  useEffect(() => {
    const sub = actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) }));
    return () => sub.unsubscribe();
  }, [actor, t]);

  const readOnly = useSelector(actor, selectReadOnly);
  const loading = useSelector(actor, (s) => s.matches('loading') && s.context.settings === null);
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const conflict = useSelector(actor, (s) => s.matches('conflict'));
  const actionError = useSelector(actor, (s) => s.context.actionError);

  return (
    <PageFrame title={t('system.commission.title')}>
      <div className="system-page">
        {readOnly && <ReadOnlyNotice role={role} />}
        <Callout icon="info-sign">{t('system.commission.rule')}</Callout>
        {loadError ? (
          <LoadFailedState
            error={loadError}
            title={t('detail.loadFailed')}
            onRetry={() => actor.send({ type: 'page.retry' })}
          />
        ) : loading ? (
          <Spinner />
        ) : (
          <>
            <ErrorCallout error={actionError} />
            <DefaultRate actor={actor} readOnly={readOnly} />
            <Overrides actor={actor} readOnly={readOnly} />
            <Example actor={actor} />
            <History actor={actor} />
          </>
        )}
        <RemovalConfirm actor={actor} />
        <ConflictOffer
          open={conflict}
          onReload={() => actor.send({ type: 'conflict.reload' })}
          onKeep={() => actor.send({ type: 'conflict.keep' })}
          onDismiss={() => actor.send({ type: 'conflict.dismiss' })}
        />
      </div>
    </PageFrame>
  );
}

function DefaultRate({ actor, readOnly }: { actor: PageActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.defaultRate);
  const error = useSelector(actor, (s) => s.context.errors.defaultRate);
  const busy = useSelector(actor, selectBusy);
  return (
    <Card className="system-section" compact>
      <h5 className="bp6-heading">{t('system.commission.default.title')}</h5>
      <form
        className="system-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'default.save' });
        }}
      >
        <FormGroup
          label={t('system.commission.default.label')}
          labelFor="commission-default"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ? t(error) : undefined}
        >
          <InputGroup
            id="commission-default"
            value={value}
            disabled={readOnly}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(e) => actor.send({ type: 'default.change', value: e.target.value })}
          />
        </FormGroup>
        {!readOnly && (
          <Button type="submit" intent={Intent.PRIMARY} loading={busy}>
            {t('system.commission.default.save')}
          </Button>
        )}
      </form>
    </Card>
  );
}

/** Asks before an override is removed: what suppliers are paid changes from then on. */
function RemovalConfirm({ actor }: { actor: PageActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => s.matches('confirmingRemoval'));
  const removing = useSelector(actor, (s) =>
    s.matches('confirmingRemoval') && s.context.pending?.type === 'commission.removeOverride'
      ? (s.context.settings?.overrides.find(
          (o) =>
            s.context.pending?.type === 'commission.removeOverride' &&
            o.scope === s.context.pending.scope &&
            o.target === s.context.pending.target,
        ) ?? null)
      : null,
  );
  return (
    <Alert
      isOpen={open}
      canEscapeKeyCancel
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText={t('system.commission.remove')}
      cancelButtonText={t('list.cancel')}
      onConfirm={() => actor.send({ type: 'removal.confirm' })}
      onCancel={() => actor.send({ type: 'removal.cancel' })}
    >
      {removing && (
        <p className="commission-remove-question">
          {t(`system.commission.removeConfirm.${removing.scope}`, {
            target:
              removing.scope === 'project'
                ? // Named as the table names it: its label, or "Project #12" for one without.
                  `${removing.label ?? t('system.commission.projectLabel', { id: removing.target })} (#${removing.target})`
                : removing.target,
            rate: removing.rate,
          })}
        </p>
      )}
    </Alert>
  );
}

function Overrides({ actor, readOnly }: { actor: PageActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const settings = useSelector(actor, (s) => s.context.settings);
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const cities = useSelector(actor, (s) => s.context.cities);
  const projectOptions = useProjectOptions(actor);
  const busy = useSelector(actor, selectBusy);
  const overrides = settings?.overrides ?? [];
  return (
    <Card className="system-section" compact>
      <h5 className="bp6-heading">{t('system.commission.overrides.title')}</h5>
      {overrides.length === 0 ? (
        <p>{t('system.commission.overrides.empty')}</p>
      ) : (
        <HTMLTable className="system-table" striped compact>
          <thead>
            <tr>
              <th>{t('system.commission.col.scope')}</th>
              <th>{t('system.commission.col.target')}</th>
              <th>{t('system.commission.col.rate')}</th>
              {!readOnly && <th>{t('system.commission.col.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {overrides.map((o) => (
              <tr key={`${o.scope}:${o.target}`}>
                <td>{t(`system.commission.scope.${o.scope}`)}</td>
                <td>
                  {o.scope === 'project'
                    ? `${o.label ?? t('system.commission.projectLabel', { id: o.target })} (#${o.target})`
                    : o.target}
                </td>
                <td>{o.rate}</td>
                {!readOnly && (
                  <td>
                    <Button
                      size="small"
                      icon="trash"
                      variant="outlined"
                      intent={Intent.DANGER}
                      disabled={busy}
                      onClick={() =>
                        actor.send({ type: 'override.remove', scope: o.scope, target: o.target })
                      }
                    >
                      {t('system.commission.remove')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {!readOnly && (
        <form
          className="system-toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'override.add' });
          }}
        >
          <FormGroup label={t('system.commission.col.scope')} labelFor="override-scope">
            <Select
              id="override-scope"
              value={draft.scope}
              onChange={(e) => actor.send({ type: 'draft.change', field: 'scope', value: e.target.value })}
              options={[
                { value: 'city', label: t('system.commission.scope.city') },
                { value: 'project', label: t('system.commission.scope.project') },
              ]}
            />
          </FormGroup>
          <FormGroup
            label={t(`system.commission.target.${draft.scope}`)}
            labelFor="override-target"
            intent={errors.target ? Intent.DANGER : Intent.NONE}
            helperText={errors.target ? t(errors.target) : undefined}
          >
            {draft.scope === 'city' ? (
              <Select
                id="override-target"
                value={draft.target}
                onChange={(e) => actor.send({ type: 'draft.change', field: 'target', value: e.target.value })}
                options={[
                  { value: '', label: t('system.commission.target.pickCity') },
                  ...cities.map((c) => ({ value: c, label: c })),
                ]}
              />
            ) : (
              <Select
                id="override-target"
                value={draft.target}
                onChange={(e) => actor.send({ type: 'draft.change', field: 'target', value: e.target.value })}
                options={[{ value: '', label: t('system.commission.target.pickProject') }, ...projectOptions]}
              />
            )}
          </FormGroup>
          <FormGroup
            label={t('system.commission.col.rate')}
            labelFor="override-rate"
            intent={errors.rate ? Intent.DANGER : Intent.NONE}
            helperText={errors.rate ? t(errors.rate) : undefined}
          >
            <InputGroup
              id="override-rate"
              value={draft.rate}
              intent={errors.rate ? Intent.DANGER : Intent.NONE}
              onChange={(e) => actor.send({ type: 'draft.change', field: 'rate', value: e.target.value })}
            />
          </FormGroup>
          <Button type="submit" icon="add" disabled={busy}>
            {t('system.commission.add')}
          </Button>
        </form>
      )}
      {settings && !settings.projects_validated && (
        <p className="bp6-text-muted">{t('system.commission.projectsNotValidated')}</p>
      )}
    </Card>
  );
}

function Example({ actor }: { actor: PageActor }) {
  const { t } = useTranslation();
  const example = useSelector(actor, (s) => s.context.example);
  const cities = useSelector(actor, (s) => s.context.cities);
  const projectOptions = useProjectOptions(actor);
  const quote = useSelector(actor, (s) => exampleQuote(s.context));
  const problem = useSelector(actor, (s) => exampleProblem(s.context));
  return (
    <Card className="system-section" compact>
      <h5 className="bp6-heading">{t('system.commission.example.title')}</h5>
      <div className="system-toolbar">
        <FormGroup
          label={t('system.commission.example.amount')}
          labelFor="example-amount"
          intent={problem ? Intent.DANGER : Intent.NONE}
          helperText={problem ? t(problem.key, problem.values) : undefined}
        >
          <InputGroup
            id="example-amount"
            value={example.amount}
            onChange={(e) => actor.send({ type: 'example.change', field: 'amount', value: e.target.value })}
          />
        </FormGroup>
        <FormGroup label={t('system.commission.example.project')} labelFor="example-project">
          <Select
            id="example-project"
            value={example.projectId}
            onChange={(e) =>
              actor.send({ type: 'example.change', field: 'projectId', value: e.target.value })
            }
            options={[{ value: '', label: t('system.commission.example.anyProject') }, ...projectOptions]}
          />
        </FormGroup>
        <FormGroup label={t('system.commission.example.city')} labelFor="example-city">
          <Select
            id="example-city"
            value={example.city}
            onChange={(e) => actor.send({ type: 'example.change', field: 'city', value: e.target.value })}
            options={[
              { value: '', label: t('system.commission.example.anyCity') },
              ...cities.map((c) => ({ value: c, label: c })),
            ]}
          />
        </FormGroup>
      </div>
      {quote && (
        <dl className="system-example" data-testid="commission-example">
          <dt>{t('system.commission.example.amount')}</dt>
          <dd>¥{formatYuan(quote.amountFen)}</dd>
          <dt>{t('system.commission.example.rate')}</dt>
          <dd>
            {formatPercent(quote.rateBp)}% · {t(`system.commission.example.source.${quote.source}`)}
          </dd>
          <dt>{t('system.commission.example.commission')}</dt>
          <dd>¥{formatYuan(quote.commissionFen)}</dd>
          <dt>{t('system.commission.example.income')}</dt>
          <dd>¥{formatYuan(quote.supplierIncomeFen)}</dd>
        </dl>
      )}
      <p className="bp6-text-muted">{t('system.commission.example.rounding')}</p>
    </Card>
  );
}

/** Every project as a choice, by its name and id (two projects may share a name). */
function useProjectOptions(actor: PageActor) {
  const projects = useSelector(actor, (s) => s.context.projects);
  return useMemo(
    () => projects.map((p) => ({ value: String(p.id), label: `${p.name} (#${p.id})` })),
    [projects],
  );
}

function History({ actor }: { actor: PageActor }) {
  const { t } = useTranslation();
  const history = useSelector(actor, (s) => s.context.history);
  const overrides = useSelector(actor, (s) => s.context.settings?.overrides);
  // A project override is named by its project (the API's `label`); one no longer listed by `#id`.
  const targetLabel = (scope: unknown, target: unknown) => {
    const id = String(target ?? '');
    if (scope !== 'project') return id;
    const label = overrides?.find((o) => o.scope === 'project' && o.target === id)?.label;
    return label ? `${label} (#${id})` : `#${id}`;
  };
  const pct = (bp: unknown) =>
    typeof bp === 'number' ? `${formatPercent(bp)}%` : t('system.commission.none');
  return (
    <Timeline
      entries={history}
      testId="commission-history"
      title={t('system.commission.history.title')}
      describe={(h) => ({
        title: t(`system.commission.event.${h.type}`, {
          previous: pct(h.data.previous_rate_bp),
          next: pct(h.data.rate_bp),
          scope: h.data.scope ? t(`system.commission.scope.${String(h.data.scope)}`) : '',
          target: targetLabel(h.data.scope, h.data.target),
        }),
      })}
    />
  );
}
