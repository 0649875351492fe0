import './project.css';
import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H5,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
  TextArea,
  Tooltip,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import type { ProjectEventType } from '@/machines/lifecycles/projectMachine';
import {
  projectDetailMachine,
  selectConflict,
  selectHistory,
  selectIsBusy,
  selectIsNew,
  uploadRichTextImage,
  type TextField,
  type UploadTarget,
} from '@/machines/screens/projectDetailMachine';
import { rowAvailability } from '@/machines/screens/projectRows';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { LazyRichTextEditor } from '@/views/richtext/LazyRichTextEditor';
import { errorMessage } from '@/views/common/errorText';

type DetailActor = ActorRefFrom<typeof projectDetailMachine>;

/** /project/project (create) and /project/project?id=… (edit). One machine per project: the id keys it. */
export default function ProjectDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return <ProjectDetail key={id ?? 'new'} id={id} />;
}

function ProjectDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(projectDetailMachine, { input: { id, role } });
  const isNew = useSelector(actor, selectIsNew);
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('starting'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const loadError = useSelector(actor, (s) => s.context.loadError);

  useEffect(() => {
    const subs = [
      actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) })),
      actor.on('project.created', (e) => void navigate(`/project/project?id=${e.id}`, { replace: true })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, navigate, t]);

  const back = (
    <Button variant="minimal" onClick={() => navigate('/project/list')}>
      ← {t('project.action.back')}
    </Button>
  );

  return (
    <PageFrame title={t(isNew ? 'project.title.create' : 'project.title.edit')} actions={back}>
      {failed ? (
        <NonIdealState
          icon="error"
          title={t('project.loadFailed')}
          description={loadError ? errorMessage(t, loadError) : undefined}
          action={
            <Button onClick={() => actor.send({ type: 'detail.retry' })}>{t('project.action.retry')}</Button>
          }
        />
      ) : loading ? (
        <Spinner />
      ) : (
        <div className="project-detail">
          <ProjectForm actor={actor} />
          {!isNew && (
            <div className="project-status">
              <StatusPanel actor={actor} role={role} />
              <History actor={actor} />
            </div>
          )}
        </div>
      )}
      <ConflictDialog actor={actor} />
    </PageFrame>
  );
}

function useField(actor: DetailActor, field: TextField) {
  const { t } = useTranslation();
  const value = useSelector(actor, (s) => s.context.form[field]);
  const error = useSelector(actor, (s) => s.context.errors[field]);
  const invalid = error !== undefined;
  return {
    value,
    invalid,
    group: {
      label: t(`project.field.${field}`),
      labelFor: `project-${field}`,
      intent: invalid ? Intent.DANGER : Intent.NONE,
      helperText: invalid ? t(error) : undefined,
    },
    onChange: (next: string) => actor.send({ type: 'field.change', field, value: next }),
  };
}

function TextInput({
  actor,
  field,
  required,
  inputMode,
}: {
  actor: DetailActor;
  field: TextField;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric';
}) {
  const { t } = useTranslation();
  const f = useField(actor, field);
  const placeholderKey = `project.placeholder.${field}`;
  return (
    <FormGroup {...f.group} labelInfo={required ? '*' : undefined}>
      <InputGroup
        id={`project-${field}`}
        value={f.value}
        inputMode={inputMode}
        intent={f.invalid ? Intent.DANGER : Intent.NONE}
        placeholder={t(placeholderKey, { defaultValue: '' })}
        onChange={(e) => f.onChange(e.target.value)}
      />
    </FormGroup>
  );
}

function RichTextField({
  actor,
  field,
}: {
  actor: DetailActor;
  field: 'intro' | 'avoid' | 'order_instruction';
}) {
  const { t } = useTranslation();
  const f = useField(actor, field);
  return (
    <FormGroup {...f.group}>
      <LazyRichTextEditor
        id={`project-${field}`}
        value={f.value}
        invalid={f.invalid}
        placeholder={t('project.placeholder.richText')}
        uploadImage={uploadRichTextImage}
        onChange={f.onChange}
      />
    </FormGroup>
  );
}

function ProjectForm({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const busy = useSelector(actor, selectIsBusy);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const summary = useField(actor, 'summary');
  return (
    <form
      className="project-detail-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      <TextInput actor={actor} field="project_name" required />
      <FormGroup {...summary.group}>
        <TextArea
          id="project-summary"
          fill
          value={summary.value}
          intent={summary.invalid ? Intent.DANGER : Intent.NONE}
          onChange={(e) => summary.onChange(e.target.value)}
        />
      </FormGroup>
      <div className="project-prices">
        <TextInput actor={actor} field="min_price" required inputMode="decimal" />
        <TextInput actor={actor} field="max_price" inputMode="decimal" />
        <TextInput actor={actor} field="duration" inputMode="numeric" />
      </div>
      <CoverField actor={actor} />
      <CarouselField actor={actor} />
      <RichTextField actor={actor} field="intro" />
      <RichTextField actor={actor} field="avoid" />
      <RichTextField actor={actor} field="order_instruction" />
      {actionError && <Callout intent={Intent.DANGER}>{errorMessage(t, actionError)}</Callout>}
      <div>
        <Button type="submit" intent={Intent.PRIMARY} loading={busy} icon="tick">
          {t('project.action.save')}
        </Button>
      </div>
    </form>
  );
}

function FilePicker({ actor, target, label }: { actor: DetailActor; target: UploadTarget; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const busy = useSelector(actor, selectIsBusy);
  const uploading = useSelector(actor, (s) => s.matches('uploading') && s.context.upload?.target === target);
  return (
    <>
      <input
        ref={input}
        className="project-file"
        type="file"
        accept="image/*"
        data-upload={target}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) actor.send({ type: 'upload.start', target, file });
          e.target.value = '';
        }}
      />
      <Button disabled={busy} loading={uploading} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}

function UploadError({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.uploadError);
  return error ? <Callout intent={Intent.DANGER}>{errorMessage(t, error)}</Callout> : null;
}

function CoverField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const cover = useSelector(actor, (s) => s.context.form.cover);
  const error = useSelector(actor, (s) => s.context.errors.cover);
  return (
    <FormGroup
      label={t('project.field.cover')}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ? t(error) : undefined}
    >
      <div className="project-images">
        {cover && (
          <div className="project-image">
            <img src={cover} alt={t('project.field.cover')} data-testid="cover-preview" />
            <Button
              size="small"
              variant="minimal"
              intent={Intent.DANGER}
              onClick={() => actor.send({ type: 'field.change', field: 'cover', value: '' })}
            >
              {t('project.action.remove')}
            </Button>
          </div>
        )}
        <FilePicker actor={actor} target="cover" label={t('project.action.uploadCover')} />
      </div>
      <UploadError actor={actor} />
    </FormGroup>
  );
}

function CarouselField({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const images = useSelector(actor, (s) => s.context.form.carouse_covers);
  const error = useSelector(actor, (s) => s.context.errors.carouse_covers);
  return (
    <FormGroup
      label={t('project.field.carouse_covers')}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ? t(error) : t('project.hint.carousel')}
    >
      <div className="project-images">
        {images.map((url, index) => (
          <div className="project-image" key={`${url}-${index}`} data-carousel-index={index}>
            <img src={url} alt={`${index + 1}`} />
            <div>
              <Button
                size="small"
                variant="minimal"
                disabled={index === 0}
                aria-label={t('project.action.moveUp')}
                title={t('project.action.moveUp')}
                onClick={() => actor.send({ type: 'carousel.move', index, delta: -1 })}
              >
                ←
              </Button>
              <Button
                size="small"
                variant="minimal"
                disabled={index === images.length - 1}
                aria-label={t('project.action.moveDown')}
                title={t('project.action.moveDown')}
                onClick={() => actor.send({ type: 'carousel.move', index, delta: 1 })}
              >
                →
              </Button>
              <Button
                size="small"
                variant="minimal"
                intent={Intent.DANGER}
                onClick={() => actor.send({ type: 'carousel.remove', index })}
              >
                {t('project.action.remove')}
              </Button>
            </div>
          </div>
        ))}
        {images.length < 9 && (
          <FilePicker actor={actor} target="carouse_covers" label={t('project.action.addImage')} />
        )}
      </div>
    </FormGroup>
  );
}

const COMMANDS: Array<{ on: ProjectEventType; off: ProjectEventType; field: 'is_display' | 'is_enabled' }> = [
  { on: 'project.show', off: 'project.hide', field: 'is_display' },
  { on: 'project.enable', off: 'project.close', field: 'is_enabled' },
];

function StatusPanel({ actor, role }: { actor: DetailActor; role: string | null }) {
  const { t } = useTranslation();
  const project = useSelector(actor, (s) => s.context.project);
  const busy = useSelector(actor, selectIsBusy);
  if (!project) return null;
  return (
    <Card compact>
      <H5>{t('project.field.status')}</H5>
      <div className="project-status">
        {COMMANDS.map(({ on, off, field }) => {
          const value = project[field];
          const type = value ? off : on;
          const { allowed, reasonKey } = rowAvailability(project, type, role);
          const label = field === 'is_display' ? `project.display.${value}` : `project.enabled.${value}`;
          const button = (
            <Button
              disabled={!allowed || busy}
              onClick={() =>
                actor.send({
                  type: 'lifecycle.command',
                  commandType: type as 'project.show' | 'project.hide' | 'project.enable' | 'project.close',
                })
              }
            >
              {t(`project.action.${type.split('.')[1]}`)}
            </Button>
          );
          return (
            <div key={field} className="project-toggle">
              <Tag intent={value ? Intent.SUCCESS : Intent.NONE} minimal>
                {t(label)}
              </Tag>
              {allowed || !reasonKey ? button : <Tooltip content={t(reasonKey)}>{button}</Tooltip>}
            </div>
          );
        })}
        <RankingInput actor={actor} role={role} />
      </div>
    </Card>
  );
}

function RankingInput({ actor, role }: { actor: DetailActor; role: string | null }) {
  const { t } = useTranslation();
  const project = useSelector(actor, (s) => s.context.project);
  const text = useSelector(actor, (s) => s.context.rankingText);
  const invalid = useSelector(actor, (s) => s.context.rankingInvalid);
  const busy = useSelector(actor, selectIsBusy);
  if (!project) return null;
  const { allowed, reasonKey } = rowAvailability(project, 'project.rank', role);
  const unchanged = text.trim() === String(project.ranking);
  return (
    <FormGroup
      label={t('project.column.ranking')}
      labelFor="project-ranking"
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid ? t('project.reason.invalidRanking') : undefined}
    >
      <InputGroup
        id="project-ranking"
        inputMode="numeric"
        value={text}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        onChange={(e) => actor.send({ type: 'ranking.change', value: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'ranking.save' })}
        rightElement={
          <Tooltip
            content={unchanged ? t('project.reason.rankingUnchanged') : reasonKey ? t(reasonKey) : ''}
            disabled={!unchanged && allowed}
          >
            <Button
              variant="minimal"
              disabled={busy || unchanged || !allowed}
              onClick={() => actor.send({ type: 'ranking.save' })}
            >
              {t('project.action.setRanking')}
            </Button>
          </Tooltip>
        }
      />
    </FormGroup>
  );
}

function History({ actor }: { actor: DetailActor }) {
  const { t, i18n } = useTranslation();
  const history = useSelector(actor, selectHistory);
  return (
    <Card compact>
      <H5>{t('project.history.title')}</H5>
      {history.length === 0 ? (
        <p>{t('project.history.empty')}</p>
      ) : (
        <ul className="project-history">
          {history.map((entry) => {
            const changes = (entry.data as { changes?: Record<string, unknown> }).changes;
            return (
              <li key={entry.version}>
                <strong>{t(`project.event.${entry.type}`, { defaultValue: entry.type })}</strong>
                {changes && (
                  <div>
                    {t('project.history.fields', {
                      fields: Object.keys(changes)
                        .map((f) => t(`project.field.${f}`))
                        .join(', '),
                    })}
                  </div>
                )}
                <small>
                  {new Date(entry.occurred_at).toLocaleString(i18n.language)} ·{' '}
                  {t('project.history.by', { who: entry.actor.name ?? entry.actor.email ?? '—' })}
                </small>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function ConflictDialog({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, selectConflict);
  return (
    <Dialog
      isOpen={open}
      title={t('project.conflict.title')}
      onClose={() => actor.send({ type: 'conflict.keepEditing' })}
    >
      <DialogBody>{t('project.conflict.body')}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'conflict.keepEditing' })}>
              {t('project.action.keepEditing')}
            </Button>
            <Button intent={Intent.PRIMARY} onClick={() => actor.send({ type: 'conflict.reload' })}>
              {t('project.action.reload')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
