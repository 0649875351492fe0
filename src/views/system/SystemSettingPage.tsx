import './system.css';
import { Button, ButtonGroup, Callout, Card, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import {
  AGREEMENTS,
  globalSettingsMachine,
  selectBusy,
  selectUnsaved,
  selectReadOnly,
  uploadAgreementImage,
  type TextField,
} from '@/machines/screens/globalSettingsMachine';
import { useAppActors } from '@/views/common/actors';
import { useUnsavedTab } from '@/views/layout/unsavedTab';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { LazyRichTextEditor } from '@/views/richtext/LazyRichTextEditor';
import { ReadOnlyNotice } from './SystemShared';
import { ErrorCallout, LoadFailedState } from '@/views/kit/ErrorCallout';
import { ConflictOffer } from '@/views/kit/detailScreen';
import { showFirstProblem } from '@/views/kit/showFirstProblem';
import { describedField } from '@/views/kit/describedField';
import { errorMessage } from '@/views/common/errorText';

type SettingsActor = ActorRefFrom<typeof globalSettingsMachine>;

/** /system/setting: agreements, contacts, SOS, home banners and supplier name over /api/global/configs. */
export default function SystemSettingPage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(globalSettingsMachine, { input: { role } });
  useEffect(() => {
    const subs = [
      actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) })),
      actor.on('form.problems', () => requestAnimationFrame(showFirstProblem)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t]);

  const readOnly = useSelector(actor, selectReadOnly);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const busy = useSelector(actor, selectBusy);
  const conflict = useSelector(actor, (s) => s.matches('conflict'));
  useUnsavedTab(useSelector(actor, selectUnsaved));

  return (
    <PageFrame title={t('system.settings.title')}>
      <form
        className="system-page"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.save' });
        }}
      >
        {readOnly && <ReadOnlyNotice role={role} />}
        {loadError ? (
          <LoadFailedState
            error={loadError}
            title={t('detail.loadFailed')}
            onRetry={() => actor.send({ type: 'settings.retry' })}
          />
        ) : loading ? (
          <Spinner />
        ) : (
          <>
            <Card compact className="system-section">
              <h5 className="bp6-heading">{t('system.settings.section.contact')}</h5>
              <div className="system-grid">
                <TextInput actor={actor} field="customer_service_mobile" readOnly={readOnly} phone />
                <TextInput actor={actor} field="customer_service_wechat" readOnly={readOnly} />
                <TextInput actor={actor} field="supplier_name" readOnly={readOnly} />
              </div>
            </Card>
            <Card compact className="system-section">
              <h5 className="bp6-heading">{t('system.settings.section.sos')}</h5>
              <div className="system-grid">
                <TextInput actor={actor} field="sos_mobile" readOnly={readOnly} phone />
              </div>
              <SosSound actor={actor} readOnly={readOnly} />
            </Card>
            <Card compact className="system-section">
              <h5 className="bp6-heading">{t('system.settings.section.banners')}</h5>
              <Banners actor={actor} readOnly={readOnly} />
            </Card>
            <Card compact className="system-section">
              <h5 className="bp6-heading">{t('system.settings.section.refunds')}</h5>
              <FourEyes actor={actor} readOnly={readOnly} />
            </Card>
            <Card compact className="system-section">
              <h5 className="bp6-heading">{t('system.settings.section.agreements')}</h5>
              {AGREEMENTS.map((field) => (
                <Agreement key={field} actor={actor} field={field} readOnly={readOnly} />
              ))}
            </Card>
            <RebasedNote actor={actor} />
            <ErrorCallout error={actionError} />
            {!readOnly && (
              <div className="system-actions">
                <Button type="submit" intent={Intent.PRIMARY} loading={busy} icon="tick">
                  {t('system.settings.save')}
                </Button>
              </div>
            )}
          </>
        )}
        <ConflictOffer
          open={conflict}
          onReload={() => actor.send({ type: 'conflict.reload' })}
          onKeep={() => actor.send({ type: 'conflict.keepEditing' })}
          onDismiss={() => actor.send({ type: 'conflict.dismiss' })}
        />
      </form>
    </PageFrame>
  );
}

/** The four-eyes rule for refunds: the staff member who grants a refund may not also send it. */
function FourEyes({ actor, readOnly }: { actor: SettingsActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const on = useSelector(actor, (s) => s.context.form.refund_four_eyes);
  return (
    <Switch
      checked={on}
      disabled={readOnly}
      label={t('system.settings.field.refund_four_eyes')}
      data-testid="setting-refund_four_eyes"
      onChange={(e) =>
        actor.send({ type: 'flag.change', field: 'refund_four_eyes', value: e.currentTarget.checked })
      }
    />
  );
}

function TextInput({
  actor,
  field,
  readOnly,
  phone,
}: {
  actor: SettingsActor;
  field: TextField;
  readOnly: boolean;
  phone?: boolean;
}) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.form[field]);
  const error = useSelector(actor, (s) => s.context.errors[field]);
  const id = `setting-${field}`;
  const described = describedField(
    id,
    error ? t(error) : phone ? t('system.settings.phoneHelp') : undefined,
    Boolean(error),
  );
  return (
    <FormGroup
      label={t(`system.settings.field.${field}`)}
      labelFor={id}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={described.helperText}
    >
      <InputGroup
        {...described.input}
        id={id}
        value={value}
        disabled={readOnly}
        intent={error ? Intent.DANGER : Intent.NONE}
        type={phone ? 'tel' : undefined}
        onChange={(e) => actor.send({ type: 'field.change', field, value: e.target.value })}
      />
    </FormGroup>
  );
}

function Agreement({
  actor,
  field,
  readOnly,
}: {
  actor: SettingsActor;
  field: (typeof AGREEMENTS)[number];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.form[field]);
  return (
    <FormGroup
      label={t(`system.settings.field.${field}`)}
      labelFor={`setting-${field}`}
      className="system-agreement"
    >
      <LazyRichTextEditor
        id={`setting-${field}`}
        value={value}
        readOnly={readOnly}
        uploadImage={uploadAgreementImage}
        onChange={(html) => actor.send({ type: 'field.change', field, value: html })}
      />
    </FormGroup>
  );
}

function FilePicker({
  accept,
  label,
  disabled,
  onFile,
  testId,
}: {
  accept: string;
  label: string;
  disabled: boolean;
  onFile: (file: File) => void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      <Button icon="upload" disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}

function UploadError({ actor }: { actor: SettingsActor }) {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.uploadError);
  if (!error) return null;
  return (
    <Callout intent={Intent.DANGER} icon="error">
      {errorMessage(t, error)}
    </Callout>
  );
}

function SosSound({ actor, readOnly }: { actor: SettingsActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const sound = useSelector(actor, (s) => s.context.form.sos_sound);
  const error = useSelector(actor, (s) => s.context.errors.sos_sound);
  const uploading = useSelector(
    actor,
    (s) => s.matches('uploading') && s.context.upload?.target === 'sos_sound',
  );
  return (
    <FormGroup
      label={t('system.settings.field.sos_sound')}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ? t(error) : undefined}
    >
      <div className="system-toolbar">
        {sound ? (
          <audio controls src={sound} data-testid="sos-sound-preview" />
        ) : (
          <span className="bp6-text-muted">{t('system.settings.noSound')}</span>
        )}
        {!readOnly && (
          <FilePicker
            accept="audio/*"
            testId="sos-sound-input"
            label={uploading ? t('system.settings.uploading') : t('system.settings.upload.sound')}
            disabled={uploading}
            onFile={(file) => actor.send({ type: 'upload.start', target: 'sos_sound', file })}
          />
        )}
      </div>
      <UploadError actor={actor} />
    </FormGroup>
  );
}

function Banners({ actor, readOnly }: { actor: SettingsActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const banners = useSelector(actor, (s) => s.context.form.home_banners);
  const errors = useSelector(actor, (s) => s.context.errors);
  const uploading = useSelector(
    actor,
    (s) => s.matches('uploading') && s.context.upload?.target === 'banner',
  );
  return (
    <div className="system-banners">
      {banners.length === 0 && <p className="bp6-text-muted">{t('system.settings.banner.empty')}</p>}
      {banners.map((b, i) => {
        const error = errors[`home_banners.${i}.link`];
        const imageError = errors[`home_banners.${i}.image`];
        const link = describedField(`banner-link-${i}`, error ? t(error) : undefined, Boolean(error));
        return (
          <div className="system-banner" key={`${b.image}-${i}`} data-testid="banner-row">
            <img src={b.image} alt={t('system.settings.banner.position', { n: i + 1 })} />
            {imageError && <span className="bp6-text-danger">{t(imageError)}</span>}
            <FormGroup
              label={t('system.settings.banner.link')}
              labelFor={`banner-link-${i}`}
              intent={error ? Intent.DANGER : Intent.NONE}
              helperText={link.helperText}
            >
              <InputGroup
                {...link.input}
                id={`banner-link-${i}`}
                value={b.link}
                disabled={readOnly}
                intent={error ? Intent.DANGER : Intent.NONE}
                onChange={(e) => actor.send({ type: 'banner.linkChange', index: i, value: e.target.value })}
              />
            </FormGroup>
            {!readOnly && (
              <ButtonGroup>
                <Button
                  icon="arrow-up"
                  aria-label={t('system.settings.banner.up')}
                  disabled={i === 0}
                  onClick={() => actor.send({ type: 'banner.move', index: i, delta: -1 })}
                />
                <Button
                  icon="arrow-down"
                  aria-label={t('system.settings.banner.down')}
                  disabled={i === banners.length - 1}
                  onClick={() => actor.send({ type: 'banner.move', index: i, delta: 1 })}
                />
                <Button
                  icon="trash"
                  intent={Intent.DANGER}
                  aria-label={t('system.settings.banner.remove')}
                  onClick={() => actor.send({ type: 'banner.remove', index: i })}
                />
              </ButtonGroup>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <div>
          <FilePicker
            accept="image/*"
            testId="banner-input"
            label={uploading ? t('system.settings.uploading') : t('system.settings.upload.banner')}
            disabled={uploading}
            onFile={(file) => actor.send({ type: 'upload.start', target: 'banner', file })}
          />
        </div>
      )}
    </div>
  );
}

/** After a conflict the person kept their changes through: what is on screen now, and where both changed. */
function RebasedNote({ actor }: { actor: SettingsActor }) {
  const { t } = useTranslation();
  const overlaps = useSelector(actor, (s) => s.context.overlaps);
  if (!overlaps) return null;
  const fields = overlaps
    .map((f) => t(`system.settings.field.${f}`))
    .join(t('system.settings.listSeparator'));
  return (
    <Callout intent={Intent.WARNING} data-testid="settings-rebased">
      {overlaps.length ? t('system.settings.rebased.overlaps', { fields }) : t('detail.rebased.clean')}
    </Callout>
  );
}
