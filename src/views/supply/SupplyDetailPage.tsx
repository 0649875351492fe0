import { Callout, Card, Classes, FormGroup, H5, Intent, Tag } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SupplierDto } from '@/contract/suppliers';
import { cityOptionsOf, supplierDetail, supplierScreen } from '@/machines/screens/supplierScreens';
import { PageFrame } from '@/views/common/PageFrame';
import { errorMessage } from '@/views/common/errorText';
import {
  ConflictDialog,
  DetailBody,
  DetailCommandDialog,
  DetailErrors,
  HistoryTimeline,
  ImageField,
  ImagesField,
  LifecycleActions,
  SaveButton,
  SelectField,
  TextField,
  useDetailScreen,
  useIdParam,
  useField,
  type DetailActor,
} from '@/views/kit/detailScreen';
import { useEditLines } from '@/views/kit/historyChanges';
import { BackButton } from '@/views/kit/BackButton';
import { supplierDialog } from './commandDialog';
import { PROFILE_MAX_LENGTH } from '@/machines/lifecycles/supplierProfile';

/** /supply/detail (add) and /supply/detail?id=… (edit), declared on the view kit. One machine per supplier. */
export default function SupplyDetailPage() {
  const id = useIdParam();
  return <SupplierDetail key={id ?? 'new'} id={id} />;
}

function SupplierDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: number) => navigate(`/supply/detail?id=${created}`, { replace: true }),
    [navigate],
  );
  const actor = useDetailScreen(supplierDetail, { id, entity: supplierScreen, onCreated });
  const describe = useDescribe();
  const isNew = useSelector(actor, (s) => s.context.id === null);
  return (
    <PageFrame
      title={t(isNew ? 'supply.title.create' : 'supply.title.edit')}
      actions={<BackButton to="/supply/list">{t('supply.back')}</BackButton>}
    >
      <DetailBody actor={actor}>
        <div className="kit-detail">
          <ProfileForm actor={actor} />
          {!isNew && (
            <div className="kit-side">
              <AuditPanel actor={actor} />
              <HistoryTimeline actor={actor} describe={describe} />
            </div>
          )}
        </div>
      </DetailBody>
      <DetailCommandDialog
        actor={actor}
        dialogs={(type) =>
          supplierDialog(t, type, (actor.getSnapshot().context.record as SupplierDto | null)?.name ?? '')
        }
      />
      <ConflictDialog actor={actor} describe={describe} />
    </PageFrame>
  );
}

const label = (field: string) => `supply.field.${field}`;

/** The city: one of the open service cities (the supplier's own closed city stays listed, marked closed). */
function CityField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, 'city', label('city'));
  const cities = useSelector(actor, (s) => (s.context.lookups.cities as string[] | undefined) ?? null);
  const citiesError = useSelector(actor, (s) => s.context.lookupsError);
  const savedCity = useSelector(actor, (s) => (s.context.record as SupplierDto | null)?.city ?? '');
  const options = useMemo(
    () => cityOptionsOf(cities, savedCity, input.value),
    [cities, savedCity, input.value],
  );
  const loading = cities === null && citiesError === null;
  return (
    <FormGroup
      {...group}
      labelFor="supply-city"
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
      <Select
        {...input}
        id="supply-city"
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
  const text = (field: string, type?: string) => (
    <TextField actor={actor} field={field} label={label(field)} type={type} inputId={`supply-${field}`} />
  );
  // Only a passed supplier goes back to audit when its identity changes: the lifecycle says so by refusing
  // nothing but routing the edit; the hint shows where that applies.
  const passed = useSelector(actor, (s) => (s.context.record as SupplierDto | null)?.audit_state === 'pass');
  return (
    <form
      className="kit-form supply-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      <H5>{t('supply.section.profile')}</H5>
      <div className="kit-form-grid">
        {text('name')}
        {text('mobile', 'tel')}
        <CityField actor={actor} />
        {text('full_address')}
      </div>
      <TextField
        actor={actor}
        field="bio"
        label={label('bio')}
        multiline
        inputId="supply-bio"
        maxLength={PROFILE_MAX_LENGTH.bio}
      />
      <ImagesField actor={actor} field="covers" label={t(label('covers'))} />

      <H5>{t('supply.section.identity')}</H5>
      {passed && (
        <p className={Classes.TEXT_MUTED} data-testid="supply-identity-hint">
          {t('supply.identity.hint')}
        </p>
      )}
      <div className="kit-form-grid">
        {text('real_name')}
        <SelectField
          actor={actor}
          field="gender"
          label={label('gender')}
          inputId="supply-gender"
          options={[
            // A new supplier starts with no gender: the user has to pick one (required).
            { value: '', label: t('supply.gender.choose'), disabled: true },
            { value: 'male', label: t('supply.gender.male') },
            { value: 'female', label: t('supply.gender.female') },
          ]}
        />
        {text('birthday', 'date')}
        {text('id_card_no')}
        {text('licence_issuing_authority')}
        {text('expire_info')}
      </div>
      <div className="kit-images">
        <ImageField actor={actor} field="id_card_front" label={t(label('id_card_front'))} />
        <ImageField actor={actor} field="id_card_back" label={t(label('id_card_back'))} />
      </div>
      <DetailErrors actor={actor} fieldLabel={(f) => t(label(f), { defaultValue: '' })} />
      <div className="kit-actions">
        <SaveButton actor={actor} label={t('supply.save')} />
      </div>
    </form>
  );
}

const AUDIT_INTENT = { waiting_audit: Intent.WARNING, pass: Intent.SUCCESS, reject: Intent.DANGER } as const;

function AuditPanel({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const supplier = useSelector(actor, (s) => s.context.record as SupplierDto | null);
  if (!supplier) return null;
  const action = (type: string, key: string, intent?: Intent) => ({
    type,
    label: t(`supply.action.${key}`),
    intent,
  });
  return (
    <Card className="supply-audit" data-audit-state={supplier.audit_state}>
      <H5>{t('supply.section.audit')}</H5>
      <div className="kit-actions">
        <Tag large intent={AUDIT_INTENT[supplier.audit_state]}>
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
      <LifecycleActions
        actor={actor}
        actions={[
          action('supplier.approve', 'approve', Intent.SUCCESS),
          { ...action('supplier.reject', 'reject', Intent.DANGER), ask: 'reason', command: { reason: '' } },
          action('supplier.resubmit', 'resubmit'),
          action('supplier.enable', 'enable'),
          { ...action('supplier.close', 'close'), ask: '' },
          action('supplier.show', 'show'),
          action('supplier.hide', 'hide'),
          action('supplier.takeOrders', 'takeOrders'),
          action('supplier.rest', 'rest'),
        ]}
      />
    </Card>
  );
}

function useDescribe() {
  const { t } = useTranslation();
  const editLines = useEditLines();
  return (entry: { type: string; data: Record<string, unknown> }) => {
    const details = editLines(
      entry.data,
      (f) => t(label(f)),
      // An ID number is named as changed, never quoted in the history.
      (field, value) =>
        field === 'id_card_no'
          ? null
          : field === 'gender' && value
            ? t(`supply.gender.${String(value)}`)
            : undefined,
    );
    if (entry.type === 'SupplierRanked') {
      details.push(t('supply.history.ranking', { from: entry.data.previous ?? '—', to: entry.data.ranking }));
    }
    return { title: t(`supply.event.${entry.type}`, { defaultValue: entry.type }), details };
  };
}
