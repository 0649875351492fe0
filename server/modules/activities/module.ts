import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import { ACTIVITY_LIST } from '../../../src/contract/activities';
import { ActivityApi } from '../../../src/contract/activities.schema';
import {
  activityLifecycle,
  type ActivityCommand,
  type ActivitySnapshot,
} from '../../../src/machines/lifecycles/activityLifecycle';
import {
  MAX_ACTIVITY_CITIES,
  MAX_ACTIVITY_CONTENT_LENGTH,
  MAX_ACTIVITY_PROJECTS,
  MAX_ACTIVITY_TITLE_LENGTH,
  changedActivityFields,
  isValidActivityCities,
  isValidActivityContent,
  isValidActivityCover,
  isValidActivityProjects,
  isValidActivityTitle,
  isValidActivityWindow,
  type ActivityBody,
  type ActivityProject,
} from '../../../src/machines/lifecycles/activityMachine';
import { assetUrlMessage } from '../../../src/machines/lifecycles/assetUrl';
import * as activitiesMigration from '../../db/migrations/2026_11_26_1000_activities';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../errors';
import { sanitizeHtml } from '../../../src/contract/sanitizeHtml';
import {
  defineEntity,
  type CrossGuard,
  type FieldProblem,
  type Reaction,
  type ReactionContext,
} from '../../kit/entity';
import { runCommand } from '../../kit/pipeline';
import { entityRoutes } from '../../kit/routes';
import { memberColumn, membersOf } from '../../kit/memberNames';
import { ExpectedVersion, MAX_ID, Moment, refusedWith } from '../../kit/schemas';
import { findProject } from '../projects/port';
import { findCity } from '../serviceCities/port';
import type { ServerModule } from '../types';
import { activityProjection, activityToApi } from './projection';
import { seedActivities } from './seed';

/**
 * Activities (marketing campaigns), declared for the entity kit: the lifecycle (activityLifecycle.ts) decides, with
 * the server's clock as its `now`; content is sanitised before anything is judged or stored; cities must be open
 * service cities and projects open projects (their own spelling and names are kept). The list reads the view that
 * adds each activity's state by the clock.
 */

const Title = Type.String({
  minLength: 1,
  maxLength: MAX_ACTIVITY_TITLE_LENGTH,
  pattern: '\\S',
  description: `a title of 1 to ${MAX_ACTIVITY_TITLE_LENGTH} characters`,
});
const Cover = Type.String({
  maxLength: 2000,
  description: "an image address (http(s) or /uploads/…), or ''",
});
// Before sanitising: generous, the sanitised content is judged against MAX_ACTIVITY_CONTENT_LENGTH.
const Content = Type.String({
  maxLength: MAX_ACTIVITY_CONTENT_LENGTH * 4,
  description: `rich text (HTML) of at most ${MAX_ACTIVITY_CONTENT_LENGTH * 4} characters as sent, ${MAX_ACTIVITY_CONTENT_LENGTH} once cleaned`,
});
const Time = (what: string) => Moment(what);
const Cities = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
  minItems: 1,
  maxItems: MAX_ACTIVITY_CITIES,
  ...refusedWith(`1 to ${MAX_ACTIVITY_CITIES} open service cities, by name`, 'activity.validation.cities'),
});
const ProjectIds = Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), {
  minItems: 1,
  maxItems: MAX_ACTIVITY_PROJECTS,
  ...refusedWith(`1 to ${MAX_ACTIVITY_PROJECTS} open projects, by id`, 'activity.validation.projects'),
});

const iso = (value: unknown) => new Date(String(value)).toISOString();
const citiesOf = (value: unknown) => (value as string[]).map((c) => c.trim());
const projectsOf = (value: unknown): ActivityProject[] => (value as number[]).map((id) => ({ id, name: '' }));

/** The cities as the service cities spell them: each must be an open one, named once. */
async function openCities(trx: Kysely<Database>, cities: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const name of cities) {
    const city = await findCity(trx, name, { lock: 'share' });
    if (!city || !city.is_enabled) {
      throw new ValidationError(`${name} is not an open service city.`, 'cities', {
        key: 'activity.validation.noCity',
        values: { city: name },
      });
    }
    if (names.includes(city.name)) {
      throw new ValidationError(`${city.name} is named twice.`, 'cities', {
        key: 'activity.validation.cityTwice',
        values: { city: city.name },
      });
    }
    names.push(city.name);
  }
  return names;
}

/** The projects with their names: each must be an open one. */
async function openProjects(trx: Kysely<Database>, projects: ActivityProject[]): Promise<ActivityProject[]> {
  const named: ActivityProject[] = [];
  for (const { id } of projects) {
    const project = await findProject(trx, id, { lock: 'share' });
    if (!project || !project.is_enabled) {
      throw new ValidationError(`There is no open project ${id}.`, 'project_ids', {
        key: 'activity.validation.noProject',
        values: { id },
      });
    }
    named.push({ id: project.id, name: project.name });
  }
  return named;
}

const namedOnCreate: CrossGuard<ActivitySnapshot, never> = {
  name: 'openCitiesAndProjects',
  check: async ({ trx, command }) => {
    const c = command as unknown as ActivityBody;
    return {
      ...(command as object),
      cities: await openCities(trx, c.cities),
      projects: await openProjects(trx, c.projects),
    } as never;
  },
};

const namedOnEdit: CrossGuard<ActivitySnapshot, never> = {
  name: 'openCitiesAndProjects',
  check: async ({ trx, command }) => {
    const c = command as unknown as { changes: Partial<ActivityBody> };
    if (!c.changes.cities && !c.changes.projects) return;
    const changes = { ...c.changes };
    if (changes.cities) changes.cities = await openCities(trx, changes.cities);
    if (changes.projects) changes.projects = await openProjects(trx, changes.projects);
    return { ...(command as object), changes } as never;
  },
};

/**
 * A publish puts the activity before customers: its cities and projects must still be open, as they had to be when
 * it was written (one closed since is named, and the activity stays a draft until it is edited).
 */
const stillOpenOnPublish: CrossGuard<ActivitySnapshot, never> = {
  name: 'openCitiesAndProjects',
  check: async ({ trx, snapshot }) => {
    if (!snapshot) return;
    await openCities(trx, snapshot.context.cities);
    await openProjects(trx, snapshot.context.projects);
  },
};

/** The problems of an activity's body, each with its field and reason key. */
function problemsOf(snapshot: ActivitySnapshot): FieldProblem[] {
  const c = snapshot.context;
  const problems: FieldProblem[] = [];
  const add = (field: string, key: string, message: string) =>
    problems.push({ field, key: `activity.validation.${key}`, message });
  if (!isValidActivityTitle(c.title))
    add('title', 'title', `The title must have 1 to ${MAX_ACTIVITY_TITLE_LENGTH} characters.`);
  if (!isValidActivityContent(c.content))
    add(
      'content',
      'content',
      `The content must not be empty, and at most ${MAX_ACTIVITY_CONTENT_LENGTH} characters, its formatting included.`,
    );
  if (!isValidActivityCover(c.cover)) add('cover', 'cover', `${assetUrlMessage('cover')}, or empty.`);
  if (!isValidActivityWindow(c.startsAt, c.endsAt))
    add('ends_at', 'window', 'The activity must end after it starts.');
  if (!isValidActivityCities(c.cities))
    add('cities', 'cities', `Name 1 to ${MAX_ACTIVITY_CITIES} different cities.`);
  if (!isValidActivityProjects(c.projects))
    add('project_ids', 'projects', `Name 1 to ${MAX_ACTIVITY_PROJECTS} different projects.`);
  return problems;
}

export const activityEntity = defineEntity({
  lifecycle: activityLifecycle,
  title: 'title',
  label: 'Activity',
  path: '/api/activities',
  responseKey: 'activity',
  idSequence: 'activity_id_seq',
  projection: activityProjection,
  toApi: activityToApi,
  apiSchema: ActivityApi,
  create: {
    body: Type.Object(
      {
        title: Title,
        cover: Type.Optional(Cover),
        content: Content,
        starts_at: Time('when it starts'),
        ends_at: Time('when it has ended'),
        cities: Cities,
        project_ids: ProjectIds,
      },
      { additionalProperties: false },
    ),
    data: (body): ActivityBody => ({
      title: String(body.title).trim(),
      cover: String(body.cover ?? '').trim(),
      content: sanitizeHtml(String(body.content)),
      startsAt: iso(body.starts_at),
      endsAt: iso(body.ends_at),
      cities: citiesOf(body.cities),
      projects: projectsOf(body.project_ids),
    }),
  },
  commands: {
    fields: {
      'activity.publish': {},
      'activity.withdraw': {},
      'activity.end': {},
      'activity.enable': {},
      'activity.close': {},
    },
  },
  // The form's save: the fields sent over the current activity, stored as one ActivityEdited with only what changed.
  edit: {
    body: Type.Object(
      {
        title: Type.Optional(Title),
        cover: Type.Optional(Cover),
        content: Type.Optional(Content),
        starts_at: Type.Optional(Time('when it starts')),
        ends_at: Type.Optional(Time('when it has ended')),
        cities: Type.Optional(Cities),
        project_ids: Type.Optional(ProjectIds),
        expectedVersion: ExpectedVersion(),
      },
      { additionalProperties: false },
    ),
    toCommand: (body, snapshot): ActivityCommand => {
      const given: Partial<ActivityBody> = {};
      if (body.title !== undefined) given.title = String(body.title).trim();
      if (body.cover !== undefined) given.cover = String(body.cover).trim();
      if (body.content !== undefined) given.content = sanitizeHtml(String(body.content));
      if (body.starts_at !== undefined) given.startsAt = iso(body.starts_at);
      if (body.ends_at !== undefined) given.endsAt = iso(body.ends_at);
      if (body.cities !== undefined) given.cities = citiesOf(body.cities);
      if (body.project_ids !== undefined) given.projects = projectsOf(body.project_ids);
      const changes: Partial<ActivityBody> = {};
      for (const f of changedActivityFields(snapshot.context, given))
        (changes as Record<string, unknown>)[f] = given[f];
      return { type: 'activity.edit', changes };
    },
  },
  validate: (snapshot) => problemsOf(snapshot),
  guards: {
    create: [namedOnCreate],
    'activity.edit': [namedOnEdit],
    'activity.publish': [stillOpenOnPublish],
  },
  list: ACTIVITY_LIST,
  listView: 'activity_rows',
  listItemColumns: { created_by_name: (table) => memberColumn(table, 'created_by') },
});

/** An activity's state as the list view derives it, at the time of this read, and its writer's name. */
async function stateOf(db: Kysely<Database>, id: number, createdBy: unknown) {
  const row = await db.selectFrom('activity_rows').select('state').where('id', '=', id).executeTakeFirst();
  const member = await membersOf(db, [createdBy]);
  return { state: row?.state ?? 'draft', created_by_name: member(createdBy)?.name ?? null };
}

const routes = entityRoutes(activityEntity, {
  detail: (db, row) => stateOf(db, Number(row.id), row.created_by),
  csv: [
    { header: 'id', value: (a) => a.id },
    { header: 'title', value: (a) => a.title },
    { header: 'state', value: (a) => a.state },
    { header: 'starts_at', value: (a) => a.starts_at },
    { header: 'ends_at', value: (a) => a.ends_at },
    { header: 'cities', value: (a) => (a.cities as string[]).join('; ') },
    {
      header: 'projects',
      value: (a) => (a.projects as ActivityProject[]).map((p) => p.name).join('; '),
    },
    { header: 'is_enabled', value: (a) => a.is_enabled },
    { header: 'cover', value: (a) => a.cover },
    { header: 'created_by', value: (a) => a.created_by_name },
    { header: 'created_at', value: (a) => a.created_at },
  ],
});

/** Runs `command` on every activity whose `column` holds `holds` (JSON containment), in the caller's transaction. */
async function followInActivities(
  ctx: ReactionContext,
  column: 'cities' | 'projects',
  holds: unknown[],
  command: ActivityCommand,
) {
  const naming = await ctx.trx
    .selectFrom('activities')
    .select('id')
    .where(sql<boolean>`${sql.ref(column)} @> ${JSON.stringify(holds)}::jsonb`)
    .orderBy('id')
    .execute();
  for (const { id } of naming)
    await runCommand(ctx.pipeline, activityEntity, id, command, 'current', { skipPolicy: true });
}

const causeOf = ({ fact, streamId }: ReactionContext, key: string) => ({
  type: fact.type,
  [key]: Number(streamId),
});

/**
 * A service city was renamed, or a project (in the rename's transaction): every activity naming it, whatever its
 * state, names it by its new name, one `ActivityCityRenamed` or `ActivityProjectRenamed` each, with a `cause` naming
 * the rename. Otherwise a draft written for a renamed city could no longer be published nor found by the city's
 * name, and an activity would show a project by a name it no longer has.
 */
export const followCityRename: Reaction = async (ctx) => {
  const { name: to, previous: from } = ctx.fact.data as { name: string; previous: string };
  if (from === to) return;
  const cause = causeOf(ctx, 'service_city_id');
  await followInActivities(ctx, 'cities', [from], { type: 'activity.followCityRename', from, to, cause });
};

export const followProjectRename: Reaction = async (ctx) => {
  const to = (ctx.fact.data as { changes: { project_name?: string } }).changes.project_name;
  if (to === undefined) return;
  const id = Number(ctx.streamId);
  const cause = causeOf(ctx, 'project_id');
  await followInActivities(ctx, 'projects', [{ id }], {
    type: 'activity.followProjectRename',
    id,
    to,
    cause,
  });
};

export const activitiesModule: ServerModule = {
  name: 'activities',
  routes,
  entities: [activityEntity],
  reactions: { ServiceCityRenamed: [followCityRename], ProjectEdited: [followProjectRename] },
  migrations: { '2026_11_26_1000_activities': activitiesMigration },
  seed: seedActivities,
};
