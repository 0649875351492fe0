import { ACTIVITY_LIST, type ActivityDto } from '@/contract/activities';
import {
  activityEditableFields,
  activityLifecycle,
  activitySnapshot,
  type ActivitySnapshot,
} from '@/machines/lifecycles/activityLifecycle';
import {
  isEndAhead,
  isValidActivityCities,
  isValidActivityContent,
  isValidActivityCover,
  isValidActivityProjects,
  isValidActivityTitle,
  isValidActivityWindow,
  type ActivityBody,
} from '@/machines/lifecycles/activityMachine';
import { activitiesApi, uploadActivityImage } from '@/services/activities';
import { listOpenProjects } from '@/services/projects';
import { listAllServiceCityNames, listOpenServiceCityNames } from '@/services/serviceCities';
import type { DetailEntity, Form } from './detailScreenMachine';
import { isoOfLocal, localDateTimeOf, timeProblem } from './localTime';
import { formDetail, listFor } from './screenActors';

/**
 * The activity screens, declared on the screen kit: how a row is a lifecycle snapshot (the server's state, the
 * browser's clock), when its state next changes by the clock (the screens reload then), the form (title, window,
 * cities, projects, cover, rich-text content) judged by the lifecycle's own rules, what a save sends, the calls.
 */

export interface ActivityForm {
  title: string;
  /** An image address, or ''. */
  cover: string;
  /** Rich text (HTML); the server sanitises it. */
  content: string;
  /** The window in the browser's time zone: `YYYY-MM-DDTHH:mm` (datetime-local values). */
  starts_at: string;
  ends_at: string;
  cities: string[];
  project_ids: number[];
}

/** A form field's name as the lifecycle's body names it. */
export const FORM_FIELD: Record<keyof ActivityBody, keyof ActivityForm> = {
  title: 'title',
  cover: 'cover',
  content: 'content',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  cities: 'cities',
  projects: 'project_ids',
};

const HOUR = 3_600_000;

/** A new activity: tomorrow at the next full hour, for a week. */
export function emptyActivityForm(now: Date = new Date()): ActivityForm {
  const start = new Date(Math.ceil(now.getTime() / HOUR) * HOUR + 24 * HOUR);
  return {
    title: '',
    cover: '',
    content: '',
    starts_at: localDateTimeOf(start.toISOString()),
    ends_at: localDateTimeOf(new Date(start.getTime() + 7 * 24 * HOUR).toISOString()),
    cities: [],
    project_ids: [],
  };
}

export function formOfActivity(row: ActivityDto): ActivityForm {
  return {
    title: row.title,
    cover: row.cover,
    content: row.content,
    starts_at: localDateTimeOf(row.starts_at),
    ends_at: localDateTimeOf(row.ends_at),
    cities: [...row.cities],
    project_ids: row.projects.map((p) => p.id),
  };
}

/**
 * field → i18n key of its problem: the lifecycle's rules, and real times. A published activity (`row`) keeps its
 * end ahead of `now`, as the lifecycle's edit does: said beside the end, before anything is sent.
 */
export function activityProblems(
  form: ActivityForm,
  row: Pick<ActivityDto, 'is_published'> | null = null,
  now: Date = new Date(),
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isValidActivityTitle(form.title)) problems.title = 'activity.validation.title';
  if (!isValidActivityContent(form.content)) problems.content = 'activity.validation.content';
  if (!isValidActivityCover(form.cover.trim())) problems.cover = 'activity.validation.cover';
  const startProblem = timeProblem(form.starts_at, 'activity.form.timeInvalid');
  const endProblem = timeProblem(form.ends_at, 'activity.form.timeInvalid');
  if (startProblem) problems.starts_at = startProblem;
  if (endProblem) problems.ends_at = endProblem;
  else {
    const start = isoOfLocal(form.starts_at);
    const end = isoOfLocal(form.ends_at)!;
    if (start !== null && !isValidActivityWindow(start, end)) problems.ends_at = 'activity.validation.window';
    else if (row?.is_published && !isEndAhead(end, now.toISOString()))
      problems.ends_at = 'activity.reason.endNotAhead';
  }
  if (!isValidActivityCities(form.cities)) problems.cities = 'activity.validation.cities';
  if (!isValidActivityProjects(form.project_ids.map((id) => ({ id, name: '' }))))
    problems.project_ids = 'activity.validation.projects';
  return problems;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** What a save sends: a new activity's whole create body; for an edit only what changed. */
export function activityChanges(row: ActivityDto | null, form: ActivityForm): Record<string, unknown> {
  const body = {
    title: form.title.trim(),
    cover: form.cover.trim(),
    content: form.content,
    starts_at: isoOfLocal(form.starts_at),
    ends_at: isoOfLocal(form.ends_at),
    cities: form.cities,
    project_ids: form.project_ids,
  };
  if (!row) return body;
  const before = formOfActivity(row);
  const changes: Record<string, unknown> = {};
  if (body.title !== before.title) changes.title = body.title;
  if (body.cover !== before.cover) changes.cover = body.cover;
  if (form.content !== before.content) changes.content = form.content;
  if (form.starts_at !== before.starts_at) changes.starts_at = body.starts_at;
  if (form.ends_at !== before.ends_at) changes.ends_at = body.ends_at;
  if (!sameList(form.cities, before.cities)) changes.cities = form.cities;
  if (!sameList(form.project_ids, before.project_ids)) changes.project_ids = form.project_ids;
  return changes;
}

/** The snapshot a row stands for: the state the server read, the clock the browser's. */
export function activitySnapshotOf(row: ActivityDto, now: Date = new Date()): ActivitySnapshot {
  return activitySnapshot(
    { is_published: row.is_published, is_enabled: row.is_enabled },
    {
      title: row.title,
      cover: row.cover,
      content: row.content,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      cities: row.cities,
      projects: row.projects,
      now: now.toISOString(),
    },
    row.state === 'draft' ? undefined : row.state,
  );
}

/** When the clock next changes a row's state: a scheduled one starts, a running one ends; else never. */
export function activityNextChangeAt(
  row: Pick<ActivityDto, 'state' | 'starts_at' | 'ends_at'>,
): number | null {
  if (row.state === 'scheduled') return Date.parse(row.starts_at);
  if (row.state === 'running') return Date.parse(row.ends_at);
  return null;
}

/** The form fields the lifecycle lets change now (all while a draft or scheduled; fewer while it runs). */
export function editableActivityFields(row: ActivityDto | null): ReadonlySet<keyof ActivityForm> {
  if (!row) return new Set(Object.values(FORM_FIELD));
  return new Set(activityEditableFields(activitySnapshotOf(row)).map((f) => FORM_FIELD[f]));
}

/**
 * The form as a save may send it now: a field the lifecycle has locked since it was typed in (the title, once the
 * activity started running while the page was open) as saved, so the save sends, and is judged on, only what may
 * still change. Without it the locked field's value would be refused with every later save, and could not be undone.
 */
export function savableActivityForm(row: ActivityDto | null, form: ActivityForm): ActivityForm {
  if (!row) return form;
  const editable = editableActivityFields(row);
  const saved = formOfActivity(row);
  const savable = { ...form };
  for (const field of Object.keys(saved) as (keyof ActivityForm)[])
    if (!editable.has(field)) (savable as Record<string, unknown>)[field] = saved[field];
  return savable;
}

export const activityScreen: DetailEntity<ActivityDto> = {
  lifecycle: activityLifecycle,
  snapshotOf: (row) => activitySnapshotOf(row),
  nextChangeAt: activityNextChangeAt,
  labelOf: (row) => row.title,
  emptyForm: () => emptyActivityForm() as unknown as Form,
  formOf: (row) => formOfActivity(row) as unknown as Form,
  savableForm: (row, form) => savableActivityForm(row, form as unknown as ActivityForm) as unknown as Form,
  problems: (form, _today, row) => activityProblems(form as unknown as ActivityForm, row),
  changes: (row, form) => activityChanges(row, form as unknown as ActivityForm),
};

export const ACTIVITY_SPEC = ACTIVITY_LIST;

// The list's city filter offers every service city, closed ones too: an activity may still be aimed at one closed
// since (as the order lists' filters do). The form offers only open ones.
export const activityList = listFor(activitiesApi, async () => ({
  cities: await listAllServiceCityNames({ sort: 'ranking' }),
}));

export const activityDetail = formDetail(activitiesApi, {
  upload: (file) => uploadActivityImage(file, 'activity_cover'),
  lookups: async () => {
    const [cities, projects] = await Promise.all([listOpenServiceCityNames(), listOpenProjects()]);
    return { cities, projects };
  },
});

/** The rich-text editor's image upload (the editor calls it itself; no form state involved). */
export const uploadRichTextImage = (file: Blob) => uploadActivityImage(file, 'activity_rich_text');
