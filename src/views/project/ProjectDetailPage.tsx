import { Card, FormGroup, H5, Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProjectDto } from '@/contract/projects';
import {
  MAX_NAME_LENGTH,
  MAX_SUMMARY_LENGTH,
  PROJECT_KINDS,
  RENEWAL_UNITS,
} from '@/machines/lifecycles/projectDetails';
import { projectDetail, projectScreen, uploadRichTextImage } from '@/machines/screens/projectScreens';
import { PageFrame } from '@/views/common/PageFrame';
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
import { yuan } from '@/views/common/money';
import { LazyRichTextEditor } from '@/views/richtext/LazyRichTextEditor';
import { BackButton } from '@/views/kit/BackButton';
import { closeProjectDialog } from './closeDialog';

/** /project/project (create) and /project/project?id=… (edit), declared on the view kit. One machine per project. */
export default function ProjectDetailPage() {
  const id = useIdParam();
  return <ProjectDetail key={id ?? 'new'} id={id} />;
}

function ProjectDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: number) => navigate(`/project/project?id=${created}`, { replace: true }),
    [navigate],
  );
  const actor = useDetailScreen(projectDetail, { id, entity: projectScreen, onCreated });
  const describe = useDescribe();
  const isNew = useSelector(actor, (s) => s.context.id === null);
  const name = useSelector(actor, (s) => (s.context.record as ProjectDto | null)?.project_name ?? '');
  return (
    <PageFrame
      title={t(isNew ? 'project.title.create' : 'project.title.edit')}
      actions={<BackButton to="/project/list">{t('project.action.back')}</BackButton>}
    >
      <DetailBody actor={actor}>
        <div className="kit-detail">
          <ProjectForm actor={actor} />
          {!isNew && (
            <div className="kit-side">
              <StatusPanel actor={actor} />
              <HistoryTimeline actor={actor} describe={describe} title={t('project.history.title')} />
            </div>
          )}
        </div>
      </DetailBody>
      <DetailCommandDialog
        actor={actor}
        dialogs={(type) =>
          type === 'project.rank'
            ? {
                title: t('project.column.ranking'),
                label: t('project.column.ranking'),
                confirm: t('project.action.setRanking'),
              }
            : type === 'project.close'
              ? closeProjectDialog(t, name)
              : undefined
        }
      />
      <ConflictDialog actor={actor} describe={describe} />
    </PageFrame>
  );
}

const label = (field: string) => `project.field.${field}`;

function RichTextField({
  actor,
  field,
}: {
  actor: DetailActor;
  field: 'intro' | 'avoid' | 'order_instruction';
}) {
  const { t } = useTranslation();
  const { group, input } = useField(actor, field, label(field));
  return (
    <FormGroup {...group} labelFor={`project-${field}`}>
      <LazyRichTextEditor
        id={`project-${field}`}
        value={input.value}
        invalid={group.intent === Intent.DANGER}
        describedBy={input['aria-describedby']}
        placeholder={t('project.placeholder.richText')}
        uploadImage={uploadRichTextImage}
        onChange={(value) => actor.send({ type: 'field.change', field, value })}
      />
    </FormGroup>
  );
}

/** Normal or renewable; a renewable project's renewal unit and price per extra unit. */
function KindFields({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const renewable = useSelector(actor, (s) => s.context.form.kind === 'renewable');
  return (
    <div className="kit-form-grid">
      <SelectField
        actor={actor}
        field="kind"
        label={label('kind')}
        inputId="project-kind"
        options={PROJECT_KINDS.map((k) => ({ value: k, label: t(`project.kind.${k}`) }))}
      />
      {renewable && (
        <>
          <SelectField
            actor={actor}
            field="renewal_unit"
            label={label('renewal_unit')}
            inputId="project-renewal_unit"
            options={[
              { value: '', label: t('project.unit.choose'), disabled: true },
              ...RENEWAL_UNITS.map((u) => ({ value: u, label: t(`project.unit.${u}`) })),
            ]}
          />
          <TextField
            actor={actor}
            field="renewal_unit_price"
            label={label('renewal_unit_price')}
            inputId="project-renewal_unit_price"
          />
        </>
      )}
    </div>
  );
}

function ProjectForm({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const text = (field: string, maxLength?: number) => (
    <TextField
      actor={actor}
      field={field}
      label={label(field)}
      inputId={`project-${field}`}
      maxLength={maxLength}
    />
  );
  return (
    <form
      className="kit-form project-detail-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      {text('project_name', MAX_NAME_LENGTH)}
      <TextField
        actor={actor}
        field="summary"
        label={label('summary')}
        multiline
        inputId="project-summary"
        maxLength={MAX_SUMMARY_LENGTH}
      />
      <div className="kit-form-grid">
        {text('min_price')}
        {text('max_price')}
        {text('duration')}
      </div>
      <KindFields actor={actor} />
      <ImageField actor={actor} field="cover" label={t(label('cover'))} optional />
      <ImagesField actor={actor} field="carouse_covers" label={t(label('carouse_covers'))} />
      <RichTextField actor={actor} field="intro" />
      <RichTextField actor={actor} field="avoid" />
      <RichTextField actor={actor} field="order_instruction" />
      <DetailErrors actor={actor} fieldLabel={(f) => t(label(f), { defaultValue: '' })} />
      <div className="kit-actions">
        <SaveButton actor={actor} label={t('project.action.save')} />
      </div>
    </form>
  );
}

function StatusPanel({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const project = useSelector(actor, (s) => s.context.record as ProjectDto | null);
  if (!project) return null;
  const action = (type: string) => ({ type, label: t(`project.action.${type.split('.')[1]}`) });
  return (
    <Card compact className="project-status">
      <H5>{t('project.field.status')}</H5>
      <div className="kit-actions">
        <Tag minimal intent={project.is_display ? Intent.SUCCESS : Intent.NONE}>
          {t(`project.display.${project.is_display}`)}
        </Tag>
        <Tag minimal intent={project.is_enabled ? Intent.SUCCESS : Intent.NONE}>
          {t(`project.enabled.${project.is_enabled}`)}
        </Tag>
        <Tag minimal>
          {t('project.column.ranking')}: {project.ranking}
        </Tag>
      </div>
      <LifecycleActions
        actor={actor}
        actions={[
          action('project.show'),
          action('project.hide'),
          action('project.enable'),
          { ...action('project.close'), ask: '' },
          {
            type: 'project.rank',
            label: t('project.action.setRanking'),
            ask: 'ranking',
            command: { ranking: 0 },
          },
        ]}
      />
    </Card>
  );
}

const MONEY_FIELDS = new Set(['min_price', 'max_price', 'renewal_unit_price']);

function useDescribe() {
  const { t } = useTranslation();
  const editLines = useEditLines();
  return (entry: { type: string; data: Record<string, unknown> }) => {
    const details = editLines(
      entry.data,
      (f) => t(label(f)),
      (field, value) =>
        MONEY_FIELDS.has(field) && typeof value === 'number'
          ? yuan(value)
          : field === 'kind' && typeof value === 'string'
            ? t(`project.kind.${value}`)
            : field === 'renewal_unit' && typeof value === 'string'
              ? t(`project.unit.${value}`)
              : field === 'duration' && typeof value === 'number'
                ? t('project.duration.minutes', { n: value })
                : undefined,
    );
    if (entry.type === 'ProjectRanked') {
      details.push(
        `${t('project.column.ranking')}: ${String(entry.data.previous ?? '—')} → ${String(entry.data.ranking)}`,
      );
    }
    return { title: t(`project.event.${entry.type}`, { defaultValue: entry.type }), details };
  };
}
