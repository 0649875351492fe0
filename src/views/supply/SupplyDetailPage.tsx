import './supply.css';
import {
  AnchorButton,
  Button,
  Callout,
  Card,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H5,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
  TextArea,
  Tooltip,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import type { SupplierEventType } from '@/machines/lifecycles/supplierMachine';
import type { ProfileField } from '@/machines/lifecycles/supplierProfile';
import {
  cityOptionsOf,
  selectConflict,
  selectHistory,
  selectIsBusy,
  selectIsNew,
  selectRejecting,
  supplierDetailMachine,
  type ImageField,
} from '@/machines/screens/supplierDetailMachine';
import { rowAvailability } from '@/machines/screens/supplierRows';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { RejectReasonDialog } from './RejectReasonDialog';
import { errorMessage } from '@/views/common/errorText';

type DetailActor = ActorRefFrom<typeof supplierDetailMachine>;

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** /supply/detail (add) and /supply/detail?id=… (edit). One machine per supplier: the id keys it. */
export default function SupplyDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return <SupplierDetail key={id ?? 'new'} id={id} />;
}

function SupplierDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(supplierDetailMachine, { input: { id, role, today: today() } });
  const isNew = useSelector(actor, selectIsNew);
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('starting'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const loadError = useSelector(actor, (s) => s.context.loadError);

  useEffect(() => {
    const subs = [
      actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) })),
      actor.on('supplier.created', (e) => void navigate(`/supply/detail?id=${e.id}`, { replace: true })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, navigate, t]);

  const back = (
    <Button variant="minimal" icon="chevron-left" onClick={() => navigate('/supply/list')}>
      {t('supply.back')}
    </Button>
  );

  return (
    <PageFrame title={t(isNew ? 'supply.title.create' : 'supply.title.edit')} actions={back}>
      {failed ? (
        <NonIdealState
          icon="error"
          title={t('supply.loadFailedOne')}
          description={loadError ? errorMessage(t, loadError) : undefined}
          action={<Button onClick={() => actor.send({ type: 'detail.retry' })}>{t('supply.retry')}</Button>}
        />
      ) : loading ? (
        <Spinner />
      ) : (
        <div className="supply-detail">
          <ProfileForm actor={actor} />
          {!isNew && (
            <div>
              <AuditPanel actor={actor} role={role} />
              <History actor={actor} />
            </div>
          )}
        </div>
      )}
      <RejectDialog actor={actor} />
      <ConflictDialog actor={actor} />
    </PageFrame>
  );
}

function useFieldProps(actor: DetailActor, field: Exclude<ProfileField, 'covers'>) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.form[field]);
  const error = useSelector(actor, (s) => s.context.errors[field]);
  return {
    group: {
      label: t(`supply.field.${field}`),
      labelFor: `supply-${field}`,
      intent: error ? Intent.DANGER : Intent.NONE,
      helperText: error ? t(error) : undefined,
    },
    input: {
      id: `supply-${field}`,
      name: field,
      value,
      intent: error ? Intent.DANGER : Intent.NONE,
      onChange: (e: { target: { value: string } }) =>
        actor.send({ type: 'field.change', field, value: e.target.value }),
    },
  };
}

function TextField({
  actor,
  field,
  type,
}: {
  actor: DetailActor;
  field: Exclude<ProfileField, 'covers'>;
  type?: string;
}) {
  const { group, input } = useFieldProps(actor, field);
  return (
    <FormGroup {...group}>
      <InputGroup {...input} type={type} />
    </FormGroup>
  );
}

/** The city: one of the open service cities (the supplier's own closed city stays listed, marked closed). */
function CityField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const { group, input } = useFieldProps(actor, 'city');
  const cities = useSelector(actor, (s) => s.context.cities);
  const citiesError = useSelector(actor, (s) => s.context.citiesError);
  const savedCity = useSelector(actor, (s) => s.context.supplier?.city ?? '');
  const options = useMemo(
    () => cityOptionsOf(cities, savedCity, input.value),
    [cities, savedCity, input.value],
  );
  const loading = cities === null && citiesError === null;
  return (
    <FormGroup
      {...group}
      intent={group.helperText ? Intent.DANGER : citiesError ? Intent.WARNING : Intent.NONE}
      helperText={
        group.helperText ??
        (citiesError ? (
          <span data-testid="supply-cities-failed">
            {t('supply.city.loadFailed', { error: errorMessage(t, citiesError) })}
          </span>
        ) : undefined)
      }
    >
      <HTMLSelect
        {...input}
        fill
        options={[
          ...(input.value === ''
            ? [
                {
                  value: '',
                  label: t(loading ? 'supply.city.loading' : 'supply.city.choose'),
                  disabled: true,
                },
              ]
            : []),
          ...options.map((o) => ({
            value: o.name,
            label: o.closed ? t('supply.city.closedOption', { city: o.name }) : o.name,
          })),
        ]}
      />
    </FormGroup>
  );
}

function ProfileForm({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const busy = useSelector(actor, selectIsBusy);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const uploadError = useSelector(actor, (s) => s.context.uploadError);
  const bio = useFieldProps(actor, 'bio');
  const gender = useFieldProps(actor, 'gender');
  // Only a passed supplier goes back to audit when its identity changes; the hint means nothing elsewhere.
  const passed = useSelector(actor, (s) => s.context.supplier?.audit_state === 'pass');
  return (
    <form
      className="supply-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      <H5>{t('supply.section.profile')}</H5>
      <div className="supply-form-grid">
        <TextField actor={actor} field="name" />
        <TextField actor={actor} field="mobile" type="tel" />
        <CityField actor={actor} />
        <TextField actor={actor} field="full_address" />
      </div>
      <FormGroup {...bio.group}>
        <TextArea {...bio.input} fill rows={3} />
      </FormGroup>
      <FormGroup label={t('supply.field.covers')}>
        <Covers actor={actor} />
      </FormGroup>

      <H5>{t('supply.section.identity')}</H5>
      {passed && (
        <p className={Classes.TEXT_MUTED} data-testid="supply-identity-hint">
          {t('supply.identity.hint')}
        </p>
      )}
      <div className="supply-form-grid">
        <TextField actor={actor} field="real_name" />
        <FormGroup {...gender.group}>
          <HTMLSelect
            {...gender.input}
            fill
            options={[
              // A new supplier starts with no gender: the user has to pick one (required).
              { value: '', label: t('supply.gender.choose'), disabled: true },
              { value: 'male', label: t('supply.gender.male') },
              { value: 'female', label: t('supply.gender.female') },
            ]}
          />
        </FormGroup>
        <TextField actor={actor} field="birthday" type="date" />
        <TextField actor={actor} field="id_card_no" />
        <TextField actor={actor} field="licence_issuing_authority" />
        <TextField actor={actor} field="expire_info" />
      </div>
      <div className="supply-images">
        <SingleImage actor={actor} field="id_card_front" />
        <SingleImage actor={actor} field="id_card_back" />
      </div>

      {uploadError && (
        <Callout intent={Intent.DANGER} icon="warning-sign" title={t('supply.upload.failed')}>
          {errorMessage(t, uploadError)}
        </Callout>
      )}
      {actionError && (
        <Callout intent={Intent.DANGER} icon="warning-sign" className="supply-action-error">
          {errorMessage(t, actionError)}
        </Callout>
      )}
      <div className="supply-audit-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          loading={busy}
          disabled={busy}
          data-testid="supply-save"
        >
          {t('supply.save')}
        </Button>
      </div>
    </form>
  );
}

function UploadButton({ actor, field, label }: { actor: DetailActor; field: ImageField; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = useSelector(actor, (s) => s.matches('uploading') && s.context.upload?.field === field);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <>
      <input
        ref={input}
        className="supply-file-input"
        type="file"
        accept="image/*"
        data-field={field}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) actor.send({ type: 'upload.start', field, file });
          e.target.value = '';
        }}
      />
      <Button size="small" loading={uploading} disabled={busy} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}

function Covers({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const covers = useSelector(actor, (s) => s.context.form.covers);
  const error = useSelector(actor, (s) => s.context.errors.covers);
  return (
    <div className="supply-images">
      {covers.map((url, index) => (
        <div className="supply-image" key={`${url}-${index}`}>
          <img src={url} alt={`${t('supply.field.covers')} ${index + 1}`} />
          <Button size="small" variant="minimal" onClick={() => actor.send({ type: 'cover.remove', index })}>
            {t('supply.cover.remove')}
          </Button>
        </div>
      ))}
      {covers.length < 9 && (
        <div className="supply-image">
          <div className="supply-image-empty">
            <UploadButton actor={actor} field="covers" label={t('supply.upload')} />
          </div>
        </div>
      )}
      {error && <span className={Classes.INTENT_DANGER}>{t(error)}</span>}
    </div>
  );
}

function SingleImage({ actor, field }: { actor: DetailActor; field: 'id_card_front' | 'id_card_back' }) {
  const { t } = useTranslation();
  const url = useSelector(actor, (s) => s.context.form[field]);
  const error = useSelector(actor, (s) => s.context.errors[field]);
  return (
    <FormGroup
      label={t(`supply.field.${field}`)}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ? t(error) : undefined}
    >
      <div className="supply-image" data-image={field}>
        {url ? (
          <img src={url} alt={t(`supply.field.${field}`)} />
        ) : (
          <div className="supply-image-empty">{t('supply.image.none')}</div>
        )}
        <UploadButton
          actor={actor}
          field={field}
          label={t(url ? 'supply.upload.replace' : 'supply.upload')}
        />
      </div>
    </FormGroup>
  );
}

const PANEL_ACTIONS: Array<{ type: SupplierEventType; label: string; intent?: Intent }> = [
  { type: 'supplier.approve', label: 'supply.action.approve', intent: Intent.SUCCESS },
  { type: 'supplier.reject', label: 'supply.action.reject', intent: Intent.DANGER },
  { type: 'supplier.resubmit', label: 'supply.action.resubmit' },
  { type: 'supplier.enable', label: 'supply.action.enable' },
  { type: 'supplier.close', label: 'supply.action.close' },
  { type: 'supplier.show', label: 'supply.action.show' },
  { type: 'supplier.hide', label: 'supply.action.hide' },
  { type: 'supplier.takeOrders', label: 'supply.action.takeOrders' },
  { type: 'supplier.rest', label: 'supply.action.rest' },
];

function AuditPanel({ actor, role }: { actor: DetailActor; role: string }) {
  const { t } = useTranslation();
  const supplier = useSelector(actor, (s) => s.context.supplier);
  const busy = useSelector(actor, selectIsBusy);
  if (!supplier) return null;
  return (
    <Card className="supply-audit" data-audit-state={supplier.audit_state}>
      <H5>{t('supply.section.audit')}</H5>
      <div className="supply-audit-actions">
        <Tag
          large
          intent={
            { waiting_audit: Intent.WARNING, pass: Intent.SUCCESS, reject: Intent.DANGER }[
              supplier.audit_state
            ]
          }
        >
          {t(`supply.audit.${supplier.audit_state}`)}
        </Tag>
        {supplier.state && (
          <Tag large minimal>
            {t(`supply.state.${supplier.state}`)}
          </Tag>
        )}
        <Tag large minimal>
          {t(`supply.enabled.${supplier.is_enabled}`)}
        </Tag>
        <Tag large minimal>
          {t(`supply.display.${supplier.is_display}`)}
        </Tag>
        <Tag minimal>{t('supply.audit.version', { version: supplier.version })}</Tag>
      </div>
      {supplier.audit_failed_reason && (
        <Callout intent={Intent.WARNING} title={t('supply.audit.reason')} className="supply-audit-reason">
          {supplier.audit_failed_reason}
        </Callout>
      )}
      <div className="supply-audit-actions">
        {PANEL_ACTIONS.map(({ type, label, intent }) => {
          const { allowed, reasonKey } = rowAvailability(supplier, type, role);
          const button = (
            <AnchorButton
              key={type}
              intent={intent}
              disabled={!allowed || busy}
              data-action={type}
              onClick={() =>
                type === 'supplier.reject'
                  ? actor.send({ type: 'audit.reject' })
                  : actor.send({ type: 'lifecycle.command', commandType: type })
              }
            >
              {t(label)}
            </AnchorButton>
          );
          return allowed ? (
            button
          ) : (
            <Tooltip key={type} content={t(reasonKey ?? 'supply.reason.notAllowed')}>
              {button}
            </Tooltip>
          );
        })}
      </div>
    </Card>
  );
}

function History({ actor }: { actor: DetailActor }) {
  const { t, i18n } = useTranslation();
  const history = useSelector(actor, selectHistory);
  return (
    <Card className="supply-history">
      <H5>{t('supply.section.history')}</H5>
      {history.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('supply.history.empty')}</p>
      ) : (
        <ol className="supply-timeline">
          {history.map((entry) => {
            const changes = entry.data.changes as Record<string, unknown> | undefined;
            return (
              <li key={entry.version} data-event={entry.type}>
                <strong>{t(`supply.event.${entry.type}`, { defaultValue: entry.type })}</strong>{' '}
                <span className={Classes.TEXT_MUTED}>
                  {new Date(entry.occurred_at).toLocaleString(i18n.language)} ·{' '}
                  {t('supply.history.by', {
                    actor: entry.actor.name || entry.actor.email || entry.actor.role || '—',
                  })}
                </span>
                {entry.reason && (
                  <div className="supply-history-reason">
                    {t('supply.history.reason', { reason: entry.reason })}
                  </div>
                )}
                {changes && (
                  <div className={Classes.TEXT_MUTED}>
                    {t('supply.history.changed', {
                      fields: Object.keys(changes)
                        .map((f) => t(`supply.field.${f}`))
                        .join(', '),
                    })}
                  </div>
                )}
                {entry.type === 'SupplierRanked' && (
                  <div className={Classes.TEXT_MUTED}>
                    {t('supply.history.ranking', {
                      from: entry.data.previous ?? '—',
                      to: entry.data.ranking,
                    })}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

function RejectDialog({ actor }: { actor: DetailActor }) {
  const open = useSelector(actor, selectRejecting);
  const reason = useSelector(actor, (s) => s.context.reason);
  const invalid = useSelector(actor, (s) => s.context.reasonInvalid);
  const name = useSelector(actor, (s) => s.context.supplier?.name ?? '');
  return (
    <RejectReasonDialog
      isOpen={open}
      name={name}
      reason={reason}
      invalid={invalid}
      inputId="supply-detail-reject-reason"
      send={actor.send}
    />
  );
}

function ConflictDialog({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, selectConflict);
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: 'conflict.keepEditing' })}
      title={t('supply.conflict.title')}
      icon="warning-sign"
      className="supply-conflict"
    >
      <DialogBody>
        <p>{t('supply.conflict.body')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'conflict.keepEditing' })}>
              {t('supply.conflict.keep')}
            </Button>
            <Button intent={Intent.PRIMARY} onClick={() => actor.send({ type: 'conflict.reload' })}>
              {t('supply.conflict.reload')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
