import { Callout, Card, Classes, FormGroup, H3, H5, Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ActivityDto } from '@/contract/activities';
import { allowedHere } from '@/machines/screens/detailScreenMachine';
import { isoOfLocal } from '@/machines/screens/localTime';
import {
  activityDetail,
  activityScreen,
  FORM_FIELD,
  editableActivityFields,
  uploadRichTextImage,
  type ActivityForm,
} from '@/machines/screens/activityScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ChecklistField,
  ConflictDialog,
  DetailBody,
  DetailCommandDialog,
  DetailErrors,
  HistoryTimeline,
  ImageField,
  LifecycleActions,
  SaveButton,
  TextField,
  useDetailScreen,
  useField,
  namesRecord,
  useIdParam,
  type DetailActor,
} from '@/views/kit/detailScreen';
import { useEditLines } from '@/views/kit/historyChanges';
import { LazyRichTextEditor } from '@/views/richtext/LazyRichTextEditor';
import { STATE_INTENT } from './activityState';
import { activityDialog } from './commandDialog';
import './activity.css';
import { BackButton } from '@/views/kit/BackButton';
import { useAtMinute } from '@/views/common/when';
import { MAX_ACTIVITY_TITLE_LENGTH } from '@/machines/lifecycles/activityMachine';

const PATH = '/activities/detail';

/**
 * /activities/detail (write an activity) and /activities/detail?id=… (its form, a preview as the apps show it, its
 * state with the actions the lifecycle allows, and its history). The state follows the clock: the screen machine
 * reads the record again when it changes. One machine per activity.
 */
export default function ActivityDetailPage() {
  const id = useIdParam();
  return <ActivityDetail key={id ?? 'new'} id={id} />;
}

const label = (field: string) => `activity.field.${field}`;

function ActivityDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: number) => navigate(`${PATH}?id=${created}`, { replace: true }),
    [navigate],
  );
  const actor = useDetailScreen(activityDetail, { id, entity: activityScreen, onCreated });
  const activity = useSelector(actor, (s) => s.context.record as ActivityDto | null);
  const isNew = useSelector(actor, (s) => s.context.id === null);
  // The form while the lifecycle accepts an edit (not once it has ended); else the activity as the apps show it.
  const editable = useSelector(
    actor,
    (s) => allowedHere(s, s.context.record ? 'activity.edit' : 'activity.create').ok,
  );
  const describe = useDescribe();
  return (
    <PageFrame
      title={
        isNew
          ? t('activity.title.create')
          : namesRecord(id)
            ? t('activity.title.detail', { id })
            : t('menu.activities.detail')
      }
      actions={<BackButton to="/activities/list">{t('activity.action.back')}</BackButton>}
    >
      <DetailBody actor={actor}>
        <div className="kit-detail activity-detail">
          {editable ? <ActivityFormView actor={actor} /> : <ReadOnly actor={actor} />}
          <div className="kit-side">
            {!isNew && <StatePanel actor={actor} showErrors={!editable} />}
            {editable && <Preview actor={actor} />}
            {!isNew && <FactsPanel actor={actor} />}
            {!isNew && (
              <HistoryTimeline actor={actor} describe={describe} title={t('activity.section.history')} />
            )}
          </div>
        </div>
      </DetailBody>
      <DetailCommandDialog actor={actor} dialogs={(type) => activityDialog(t, type, activity?.title ?? '')} />
      <ConflictDialog actor={actor} describe={describe} />
    </PageFrame>
  );
}

function ActivityFormView({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const content = useField(actor, 'content', label('content'));
  const record = useSelector(actor, (s) => s.context.record as ActivityDto | null);
  const cities = useSelector(actor, (s) => (s.context.lookups.cities as string[] | undefined) ?? []);
  const projects = useSelector(
    actor,
    (s) => (s.context.lookups.projects as Array<{ id: number; name: string }> | undefined) ?? [],
  );
  // What the lifecycle lets change in the activity's state: everything, or (running) its content, cover and end.
  const editable = editableActivityFields(record);
  const locked = (field: keyof ActivityForm) => !editable.has(field);
  const projectName = (id: number) => record?.projects.find((p) => p.id === id)?.name ?? `#${id}`;
  return (
    <form
      className="kit-form activity-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.save' });
      }}
    >
      {/* Some fields, not all, may change now (a running activity): say why the others are locked. */}
      {editable.size > 0 && editable.size < Object.keys(FORM_FIELD).length && (
        <Callout intent={Intent.PRIMARY} icon="timeline-events" data-testid="activity-running-hint">
          {t('activity.form.runningHint')}
        </Callout>
      )}
      <TextField
        actor={actor}
        field="title"
        label={label('title')}
        inputId="activity-title"
        disabled={locked('title')}
        maxLength={MAX_ACTIVITY_TITLE_LENGTH}
      />
      <div className="kit-form-grid">
        <TextField
          actor={actor}
          field="starts_at"
          label={label('starts_at')}
          type="datetime-local"
          inputId="activity-starts_at"
          disabled={locked('starts_at')}
        />
        <TextField
          actor={actor}
          field="ends_at"
          label={label('ends_at')}
          type="datetime-local"
          inputId="activity-ends_at"
          disabled={locked('ends_at')}
        />
      </div>
      <ChecklistField<string>
        actor={actor}
        field="cities"
        label={t(label('cities'))}
        options={cities.map((c) => ({ value: c, label: c }))}
        missingLabel={(c) => t('activity.form.closedChoice', { name: c })}
        disabled={locked('cities')}
      />
      <ChecklistField<number>
        actor={actor}
        field="project_ids"
        label={t(label('project_ids'))}
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        missingLabel={(id) => t('activity.form.closedChoice', { name: projectName(id) })}
        disabled={locked('project_ids')}
      />
      <ImageField actor={actor} field="cover" label={t(label('cover'))} optional />
      <FormGroup {...content.group} labelFor="activity-content">
        <LazyRichTextEditor
          id="activity-content"
          value={content.input.value}
          invalid={content.group.intent === Intent.DANGER}
          describedBy={content.input['aria-describedby']}
          placeholder={t('activity.placeholder.content')}
          uploadImage={uploadRichTextImage}
          readOnly={locked('content')}
          onChange={(value) => actor.send({ type: 'field.change', field: 'content', value })}
        />
      </FormGroup>
      <DetailErrors actor={actor} fieldLabel={(f) => t(label(f), { defaultValue: '' })} />
      <div className="kit-actions">
        <SaveButton actor={actor} label={t('activity.action.save')} />
      </div>
    </form>
  );
}

/** How the apps show an activity: its cover, title, window and content. */
function AppCard({
  title,
  cover,
  content,
  startsAt,
  endsAt,
}: {
  title: string;
  cover: string;
  content: string;
  startsAt: string | null;
  endsAt: string | null;
}) {
  const when = useAtMinute();
  return (
    <div className="activity-card">
      {cover && <img className="activity-card-cover" src={cover} alt="" />}
      <H3 className="activity-card-title">{title}</H3>
      {startsAt && endsAt && (
        <p className={Classes.TEXT_MUTED}>
          {when(startsAt)} – {when(endsAt)}
        </p>
      )}
      {/* Sanitised by the server before it was stored (src/contract/sanitizeHtml.ts), or the editor's own output. */}
      <div className="kit-rich-text" dangerouslySetInnerHTML={{ __html: content }} />
    </div>
  );
}

/** The form as the apps will show it, as it is typed. */
function Preview({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const form = useSelector(actor, (s) => s.context.form as unknown as ActivityForm);
  return (
    <Card className="activity-preview" data-testid="activity-preview">
      <H5>{t('activity.section.preview')}</H5>
      <AppCard
        title={form.title}
        cover={form.cover}
        content={form.content}
        startsAt={isoOfLocal(form.starts_at)}
        endsAt={isoOfLocal(form.ends_at)}
      />
    </Card>
  );
}

/** An activity that is no longer edited (ended): as the apps showed it, and why it is not edited. */
function ReadOnly({ actor }: { actor: DetailActor }) {
  const activity = useSelector(actor, (s) => s.context.record as ActivityDto | null);
  const why = useSelector(actor, (s) => allowedHere(s, 'activity.edit'));
  const { t } = useTranslation();
  if (!activity) return null;
  return (
    <Card data-testid="activity-text">
      <AppCard
        title={activity.title}
        cover={activity.cover}
        content={activity.content}
        startsAt={activity.starts_at}
        endsAt={activity.ends_at}
      />
      {!why.ok && (
        <Callout icon="lock" data-testid="activity-readonly">
          {t(why.reasonKey, why.values)}
        </Callout>
      )}
    </Card>
  );
}

/** The state (by the clock), enablement and the lifecycle's actions. */
function StatePanel({ actor, showErrors }: { actor: DetailActor; showErrors: boolean }) {
  const { t } = useTranslation();
  const activity = useSelector(actor, (s) => s.context.record as ActivityDto | null);
  const when = useAtMinute();
  if (!activity) return null;
  const action = (type: string, intent?: Intent) => ({
    type,
    label: t(`activity.action.${type.split('.')[1]}`),
    intent,
  });
  const clock =
    activity.state === 'scheduled'
      ? t('activity.clock.startsAt', { time: when(activity.starts_at) })
      : activity.state === 'running'
        ? t('activity.clock.endsAt', { time: when(activity.ends_at) })
        : activity.state === 'ended'
          ? t('activity.clock.endedAt', { time: when(activity.ends_at) })
          : null;
  return (
    <Card className="activity-state" data-activity-state={activity.state}>
      <H5>{t('activity.section.state')}</H5>
      <div className="kit-actions">
        <Tag large intent={STATE_INTENT[activity.state]} data-testid="activity-state">
          {t(`activity.state.${activity.state}`)}
        </Tag>
        <Tag large minimal data-testid="activity-enabled">
          {t(`activity.enabled.${activity.is_enabled}`)}
        </Tag>
      </div>
      {clock && (
        <p className={Classes.TEXT_MUTED} data-testid="activity-clock" title={t('activity.clock.follows')}>
          {clock}
        </p>
      )}
      <LifecycleActions
        actor={actor}
        actions={[
          action('activity.publish', Intent.SUCCESS),
          action('activity.withdraw'),
          { ...action('activity.end', Intent.DANGER), ask: '' },
          action('activity.enable'),
          { ...action('activity.close'), ask: '' },
        ]}
      />
      {showErrors && <DetailErrors actor={actor} fieldLabel={(f) => t(label(f), { defaultValue: '' })} />}
    </Card>
  );
}

/** Where and for what it applies, who wrote it. */
function FactsPanel({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const activity = useSelector(actor, (s) => s.context.record as ActivityDto | null);
  const when = useAtMinute();
  if (!activity) return null;
  const facts: Array<[string, ReactNode]> = [
    [t(label('cities')), activity.cities.join(', ')],
    [
      t(label('project_ids')),
      activity.projects.map((p, i) => (
        <span key={p.id}>
          {i > 0 && ', '}
          <Link to={`/project/project?id=${p.id}`}>{p.name}</Link>
        </span>
      )),
    ],
    [
      t(label('createdBy')),
      activity.created_by_name ?? (activity.created_by === null ? '—' : `#${activity.created_by}`),
    ],
    [t(label('createdAt')), when(activity.created_at)],
    [t(label('version')), String(activity.version)],
  ];
  return (
    <Card>
      <H5>{t('activity.section.facts')}</H5>
      <dl className="kit-facts">
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt className="kit-muted">{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function useDescribe() {
  const { t } = useTranslation();
  const when = useAtMinute();
  const editLines = useEditLines();
  return (entry: { type: string; data: Record<string, unknown> }) => {
    const details = editLines(
      entry.data,
      (f) => t(label(f)),
      (field, value) =>
        (field === 'startsAt' || field === 'endsAt') && typeof value === 'string' ? when(value) : undefined,
    );
    if (entry.type === 'ActivityEndedEarly' && typeof entry.data.endsAt === 'string')
      details.push(when(entry.data.endsAt));
    // A city or a project renamed: its field, from its old name to its new one.
    const renamed = { ActivityCityRenamed: 'cities', ActivityProjectRenamed: 'project_ids' }[entry.type];
    if (renamed)
      details.push(
        t('detail.history.fromTo', {
          field: t(label(renamed)),
          before: entry.data.from,
          after: entry.data.to,
        }),
      );
    return { title: t(`activity.event.${entry.type}`, { defaultValue: entry.type }), details };
  };
}
