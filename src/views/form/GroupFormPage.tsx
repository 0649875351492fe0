import { FormGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@/contract/api';
import {
  CHANNELS,
  MEDIA_LIMITS,
  RESOLUTIONS,
  SAMPLE_RATES,
  apiFieldOf,
  type MediaField,
} from '@/machines/lifecycles/mediaSettingsRules';
import { textLength } from '@/machines/lifecycles/visibleText';
import { groupFormDetail, groupFormHints, groupFormScreen } from '@/machines/screens/groupFormScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ConflictDialog,
  DetailBody,
  DetailErrors,
  HistoryTimeline,
  SaveButton,
  useDetailScreen,
  useField,
  type DetailActor,
} from '@/views/kit/detailScreen';
import './groupForm.css';
import { atMinute } from '@/views/common/when';

/**
 * /form/group: the media parameters the marketplace's video service records and encodes with, saved on the server
 * with the version read; the rules (frame rates 1–30, encoding rates 150–1800 kbps) are the lifecycle's. Declared
 * on the detail view kit.
 */
export default function GroupFormPage() {
  const { t } = useTranslation();
  const actor = useDetailScreen(groupFormDetail, { id: 0, entity: groupFormScreen });
  const updated = useSelector(
    actor,
    (s) => (s.context.record as { updated_at?: string | null } | null)?.updated_at,
  );
  const { i18n } = useTranslation();
  const describe = (entry: HistoryEntry) => ({
    title: t(`group.event.${entry.type}`, { defaultValue: entry.type }),
  });
  return (
    <PageFrame title={t('menu.form.group')}>
      <DetailBody actor={actor}>
        <form
          className="group-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.save' });
          }}
        >
          <p className="kit-muted" data-testid="group-updated">
            {updated ? t('group.updated', { at: atMinute(updated, i18n.language) }) : t('group.defaults')}
          </p>
          <section className="group-form-section">
            <H5>{t('group.video')}</H5>
            <div className="group-form-grid">
              <Choice actor={actor} field="videoCaptureResolution" options={RESOLUTIONS} />
              <NumberField actor={actor} field="videoCaptureFps" unit="fps" limits={MEDIA_LIMITS.fps} />
              <Choice actor={actor} field="videoEncodeResolution" options={RESOLUTIONS} />
              <NumberField actor={actor} field="videoEncodeFps" unit="fps" limits={MEDIA_LIMITS.fps} />
              <NumberField actor={actor} field="videoBitrate" unit="kbps" limits={MEDIA_LIMITS.bitrate} />
            </div>
          </section>
          <section className="group-form-section">
            <H5>{t('group.audio')}</H5>
            <div className="group-form-grid">
              <Choice actor={actor} field="audioCaptureSampleRate" options={SAMPLE_RATES} unit="Hz" />
              <Choice actor={actor} field="audioCaptureChannels" options={CHANNELS} />
              <Choice actor={actor} field="audioEncodeSampleRate" options={SAMPLE_RATES} unit="Hz" />
              <NumberField actor={actor} field="audioBitrate" unit="kbps" limits={MEDIA_LIMITS.bitrate} />
              <Choice actor={actor} field="audioEncodeChannels" options={CHANNELS} />
            </div>
          </section>
          <section className="group-form-section">
            <H5>{t('group.explanation')}</H5>
            <NoteField actor={actor} />
          </section>
          <DetailErrors actor={actor} />
          <div className="kit-actions">
            <SaveButton actor={actor} />
          </div>
        </form>
        <HistoryTimeline actor={actor} title={t('group.history')} describe={describe} />
        <ConflictDialog actor={actor} describe={describe} />
      </DetailBody>
    </PageFrame>
  );
}

const labelOf = (field: MediaField) => `group.field.${field}`;

/**
 * A field's props with its hint (an encoding above what is captured) where it has no problem: said in the
 * warning's colour, never blocking the save.
 */
function useMediaField(actor: DetailActor, field: MediaField) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, apiFieldOf(field), labelOf(field));
  const hint = useSelector(actor, (s) => groupFormHints(s.context.form)[apiFieldOf(field)]);
  // A problem, or someone else's change of the field kept under the person's, says more than the hint.
  if (!hint || group.helperText !== undefined) return { group, input };
  return { group: { ...group, intent: Intent.WARNING, helperText: t(hint) }, input };
}

function NumberField({
  actor,
  field,
  unit,
  limits,
}: {
  actor: DetailActor;
  field: MediaField;
  unit: string;
  limits: { min: number; max: number };
}) {
  const { t } = useTranslation();
  const { group, input } = useMediaField(actor, field);
  return (
    <FormGroup {...group} helperText={group.helperText ?? t('group.range', { ...limits, unit })}>
      <InputGroup
        {...input}
        inputMode="numeric"
        rightElement={<span className="group-form-unit">{unit}</span>}
      />
    </FormGroup>
  );
}

function Choice({
  actor,
  field,
  options,
  unit,
}: {
  actor: DetailActor;
  field: MediaField;
  options: readonly (string | number)[];
  unit?: string;
}) {
  const { t } = useTranslation();
  const { group, input } = useMediaField(actor, field);
  const label = (v: string | number) =>
    field.endsWith('Channels') ? t(`group.channels.${v}`) : unit ? `${v} ${unit}` : String(v);
  return (
    <FormGroup {...group}>
      <Select {...input} fill options={options.map((v) => ({ value: String(v), label: label(v) }))} />
    </FormGroup>
  );
}

function NoteField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, 'note', labelOf('note'));
  return (
    <FormGroup
      {...group}
      helperText={
        group.helperText ??
        t('group.noteCount', { count: textLength(input.value), max: MEDIA_LIMITS.noteCharacters })
      }
    >
      <InputGroup {...input} />
    </FormGroup>
  );
}
