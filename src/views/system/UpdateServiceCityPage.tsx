import './system.css';
import {
  Button,
  Callout,
  FormGroup,
  InputGroup,
  Intent,
  NumericInput,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import {
  selectBusy,
  selectReadOnly,
  serviceCityFormMachine,
} from '@/machines/screens/serviceCityFormMachine';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { ConflictDialog, LoadFailed, ReadOnlyNotice, actorLabel, formatTime } from './SystemShared';
import { errorMessage } from '@/views/common/errorText';

type FormActor = ActorRefFrom<typeof serviceCityFormMachine>;

/** /system/update-service-city (hidden): add a city, or edit one with `?id=`. */
export default function UpdateServiceCityPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = Number(params.get('id'));
  const id = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  // Remount for another id: the machine's input is fixed at start.
  return <CityForm key={id ?? 'new'} id={id} role={role} onBack={() => navigate('/system/service-city')} />;
}

function CityForm({ id, role, onBack }: { id: number | null; role: string | null; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useActorRef(serviceCityFormMachine, { input: { id, role } });
  useEffect(() => {
    const subs = [
      actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) })),
      actor.on('city.saved', (e) => {
        if (id === null) void navigate(`/system/update-service-city?id=${e.id}`, { replace: true });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t, id, navigate]);

  const readOnly = useSelector(actor, selectReadOnly);
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('starting'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const isNew = useSelector(actor, (s) => s.context.id === null);

  return (
    <PageFrame
      title={t(isNew ? 'system.city.title.create' : 'system.city.title.edit')}
      actions={
        <Button variant="minimal" icon="arrow-left" onClick={onBack}>
          {t('system.common.back')}
        </Button>
      }
    >
      <div className="system-page system-narrow">
        {readOnly && <ReadOnlyNotice role={role} />}
        {loadError ? (
          <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'form.retry' })} />
        ) : loading ? (
          <Spinner />
        ) : (
          <>
            <Fields actor={actor} readOnly={readOnly} />
            <History actor={actor} />
          </>
        )}
        <Conflict actor={actor} />
      </div>
    </PageFrame>
  );
}

function Fields({ actor, readOnly }: { actor: FormActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const busy = useSelector(actor, selectBusy);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      <FormGroup
        label={t('system.city.field.name')}
        labelFor="city-name"
        intent={errors.name ? Intent.DANGER : Intent.NONE}
        helperText={errors.name ? t(errors.name) : undefined}
      >
        <InputGroup
          id="city-name"
          value={form.name}
          disabled={readOnly}
          intent={errors.name ? Intent.DANGER : Intent.NONE}
          onChange={(e) => actor.send({ type: 'field.change', field: 'name', value: e.target.value })}
        />
      </FormGroup>
      <FormGroup
        label={t('system.city.field.ranking')}
        labelFor="city-ranking"
        intent={errors.ranking ? Intent.DANGER : Intent.NONE}
        helperText={errors.ranking ? t(errors.ranking) : undefined}
      >
        <NumericInput
          id="city-ranking"
          value={form.ranking}
          min={0}
          disabled={readOnly}
          intent={errors.ranking ? Intent.DANGER : Intent.NONE}
          onValueChange={(_n, text) => actor.send({ type: 'field.change', field: 'ranking', value: text })}
        />
      </FormGroup>
      <Switch
        checked={form.is_enabled}
        disabled={readOnly}
        label={t('system.city.field.enabled')}
        onChange={(e) => actor.send({ type: 'enabled.change', value: e.currentTarget.checked })}
      />
      {actionError && (
        <Callout intent={Intent.DANGER} icon="error">
          {errorMessage(t, actionError)}
        </Callout>
      )}
      {!readOnly && (
        <div className="system-actions">
          <Button type="submit" intent={Intent.PRIMARY} loading={busy}>
            {t('system.common.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function History({ actor }: { actor: FormActor }) {
  const { t, i18n } = useTranslation();
  const history = useSelector(actor, (s) => s.context.history);
  if (history.length === 0) return null;
  return (
    <section className="system-section">
      <h5 className="bp6-heading">{t('system.city.history')}</h5>
      <ul className="system-history">
        {history.map((h) => (
          <li key={h.version}>
            <div>{t(`system.city.event.${h.type}`, h.data)}</div>
            <div className="system-history-meta">
              {t('system.common.by', {
                who: actorLabel(h.actor, t('system.common.unknownActor')),
                time: formatTime(h.occurred_at, i18n.language),
              })}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Conflict({ actor }: { actor: FormActor }) {
  const open = useSelector(actor, (s) => s.matches('conflict'));
  return (
    <ConflictDialog
      open={open}
      onReload={() => actor.send({ type: 'conflict.reload' })}
      onKeep={() => actor.send({ type: 'conflict.keepEditing' })}
    />
  );
}
