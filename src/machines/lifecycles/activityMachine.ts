import { and, assign, setup, stateIn } from 'xstate';
import { isAssetUrl } from './assetUrl';
import { hasVisibleContent, hasVisibleText, textLength } from './visibleText';

/**
 * The activity (marketing campaign) lifecycle: the single copy of its rules, used by the console to enable actions
 * and by the server to decide every command. Its events are the facts the log stores; its guards are the rules,
 * which `evolve` switches off on replay (lifecycle.ts). Two parallel regions:
 *
 * - schedule: draft → published, and within published **scheduled → running → ended by the clock**: `now` (the
 *   context's clock, given by whoever asks: the server when it loads a record, the console from its own) reaches
 *   `startsAt`, then `endsAt`. Nothing stores those steps: the log holds only what people did, and the state a list
 *   shows is derived from the window and the time it is read (SQL in the list view, `activityPhaseAt` here). So it
 *   is right after a restart and needs no timer, no tick, no job that could fall behind or run twice;
 * - enablement: enabled ↔ closed, at any point (a closed activity is not shown in the apps);
 * - and in any state, a service city or a project it names that was renamed is named by its new name
 *   (ActivityCityRenamed, ActivityProjectRenamed: consequences of the rename, never asked for by a person).
 *
 * Invariants (tested):
 * - every activity, even a draft, has a title of 1 to MAX_ACTIVITY_TITLE_LENGTH characters, content, a cover that is
 *   empty or an image address, a window that starts before it ends, 1 to MAX_ACTIVITY_CITIES distinct cities and 1 to
 *   MAX_ACTIVITY_PROJECTS distinct projects; an edit must change something and leave such an activity;
 * - it is published only while its end is ahead; published, its end stays ahead through every edit;
 * - a draft and a scheduled activity are edited freely; a running one only in its content, cover and end (the
 *   title, start, cities and projects the apps already show stay); an ended one not at all;
 * - only a scheduled activity is withdrawn (back to draft); only a running one is ended early, at `now`.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context, event and the current configuration;
 * actions only assign. The clock is the context's `now`, never `Date.now()`.
 */

export const MAX_ACTIVITY_TITLE_LENGTH = 20;
export const MAX_ACTIVITY_CONTENT_LENGTH = 50_000;
export const MAX_ACTIVITY_CITIES = 50;
export const MAX_ACTIVITY_PROJECTS = 50;

export interface ActivityProject {
  id: number;
  name: string;
}

export interface ActivityBody {
  title: string;
  /** An image address (isAssetUrl), or '' for none. */
  cover: string;
  /** Sanitised HTML (src/contract/sanitizeHtml.ts). */
  content: string;
  /** The window, ISO times: it starts at `startsAt` and has ended at `endsAt`. */
  startsAt: string;
  endsAt: string;
  /** Service city names, as the service cities spell them. */
  cities: string[];
  projects: ActivityProject[];
}

export interface ActivityContext extends ActivityBody {
  /**
   * The clock the state follows (ISO time): set by whoever asks the machine (the server when it loads the record,
   * the console from its own clock), never stored with the activity.
   */
  now: string;
}

/** What an edit changes: any of the body's fields. */
export type ActivityChanges = Partial<ActivityBody>;

/** The facts the log stores for an activity, which are the machine's events. */
export type ActivityFact =
  | { type: 'ActivityEdited'; data: { changes: ActivityChanges } }
  | { type: 'ActivityPublished'; data: Record<string, never> }
  | { type: 'ActivityWithdrawn'; data: Record<string, never> }
  | { type: 'ActivityEndedEarly'; data: { endsAt: string } }
  | { type: 'ActivityEnabled'; data: Record<string, never> }
  | { type: 'ActivityClosed'; data: Record<string, never> }
  | { type: 'ActivityCityRenamed'; data: { from: string; to: string } }
  | { type: 'ActivityProjectRenamed'; data: { id: number; to: string } };

/** The four states a person sees: the draft, or where the clock is in a published activity's window. */
export type ActivityPhase = 'draft' | 'scheduled' | 'running' | 'ended';

const time = (iso: string) => Date.parse(iso);

/** A published activity's end is ahead of `now`: published, it stays so through every edit. */
export const isEndAhead = (endsAt: string, now: string): boolean => time(endsAt) > time(now);

/** Where `now` is in a published activity's window (the list view's SQL says the same). */
export function activityPhaseAt(
  window: Pick<ActivityBody, 'startsAt' | 'endsAt'>,
  now: string,
): Exclude<ActivityPhase, 'draft'> {
  if (time(now) < time(window.startsAt)) return 'scheduled';
  return time(now) < time(window.endsAt) ? 'running' : 'ended';
}

/** The fields a running activity may still change: what the apps show can improve, not what it applies to. */
export const RUNNING_EDITABLE: readonly (keyof ActivityBody)[] = ['content', 'cover', 'endsAt'];

export const ACTIVITY_BODY_FIELDS: readonly (keyof ActivityBody)[] = [
  'title',
  'cover',
  'content',
  'startsAt',
  'endsAt',
  'cities',
  'projects',
];

export function isValidActivityTitle(title: unknown): title is string {
  return (
    typeof title === 'string' &&
    hasVisibleText(title) &&
    textLength(title.trim()) <= MAX_ACTIVITY_TITLE_LENGTH
  );
}

/** Content with something a person reads: text, or an image or a video. */
export function isValidActivityContent(content: unknown): content is string {
  if (typeof content !== 'string' || textLength(content) > MAX_ACTIVITY_CONTENT_LENGTH) return false;
  return hasVisibleContent(content);
}

export function isValidActivityCover(cover: unknown): cover is string {
  return cover === '' || (typeof cover === 'string' && isAssetUrl(cover));
}

/** Two real times, the start before the end. */
export function isValidActivityWindow(startsAt: unknown, endsAt: unknown): boolean {
  if (typeof startsAt !== 'string' || typeof endsAt !== 'string') return false;
  // A time that is no time is NaN, and NaN is before nothing.
  return time(startsAt) < time(endsAt);
}

export function isValidActivityCities(cities: unknown): cities is string[] {
  return (
    Array.isArray(cities) &&
    cities.length > 0 &&
    cities.length <= MAX_ACTIVITY_CITIES &&
    cities.every((c) => typeof c === 'string' && hasVisibleText(c)) &&
    new Set(cities).size === cities.length
  );
}

export function isValidActivityProjects(projects: unknown): projects is ActivityProject[] {
  return (
    Array.isArray(projects) &&
    projects.length > 0 &&
    projects.length <= MAX_ACTIVITY_PROJECTS &&
    projects.every((p) => Number.isInteger(p?.id) && p.id > 0) &&
    new Set(projects.map((p) => p.id)).size === projects.length
  );
}

/** Whether an activity with this body is a valid one (whatever its state). */
export function isValidActivityBody(body: ActivityBody): boolean {
  return (
    isValidActivityTitle(body.title) &&
    isValidActivityContent(body.content) &&
    isValidActivityCover(body.cover) &&
    isValidActivityWindow(body.startsAt, body.endsAt) &&
    isValidActivityCities(body.cities) &&
    isValidActivityProjects(body.projects)
  );
}

/** Projects compare by id: a project renamed since is the same project. */
const comparable = (field: keyof ActivityBody, value: unknown) =>
  field === 'projects' && Array.isArray(value)
    ? JSON.stringify(value.map((p: ActivityProject) => p?.id))
    : JSON.stringify(value);

/** The body fields of `changes` given (not undefined) whose value differs from the activity's. */
export function changedActivityFields(
  context: ActivityBody,
  changes: ActivityChanges,
): (keyof ActivityBody)[] {
  return (Object.keys(changes) as (keyof ActivityBody)[]).filter(
    (field) =>
      ACTIVITY_BODY_FIELDS.includes(field) &&
      changes[field] !== undefined &&
      comparable(field, changes[field]) !== comparable(field, context[field]),
  );
}

export function editedActivity<T extends ActivityBody>(context: T, changes: ActivityChanges): T {
  const next = { ...context };
  for (const field of changedActivityFields(context, changes))
    (next as Record<string, unknown>)[field] = changes[field];
  return next;
}

const editOf = (event: ActivityFact): ActivityChanges =>
  event.type === 'ActivityEdited' ? event.data.changes : {};

export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityFact,
    /** A record starts from its stored body and a clock (activitySnapshot); the input is for walking the graph. */
    input: {} as Partial<ActivityContext> | undefined,
  },
  guards: {
    // The clock's two steps: they read only the context, so replay keeps them (activityLifecycle's routingGuards).
    startReached: ({ context }) => time(context.now) >= time(context.startsAt),
    endReached: ({ context }) => time(context.now) >= time(context.endsAt),
    hasChanges: ({ context, event }) => changedActivityFields(context, editOf(event)).length > 0,
    leavesValidActivity: ({ context, event }) => isValidActivityBody(editedActivity(context, editOf(event))),
    endAhead: ({ context }) => isEndAhead(context.endsAt, context.now),
    keepsEndAhead: ({ context, event }) =>
      isEndAhead(editedActivity(context, editOf(event)).endsAt, context.now),
    changesOnlyRunningFields: ({ context, event }) =>
      changedActivityFields(context, editOf(event)).every((f) => RUNNING_EDITABLE.includes(f)),
    // A service city it names was renamed: the new name takes the old one's place.
    namesRenamedCity: ({ context, event }) =>
      event.type === 'ActivityCityRenamed' &&
      context.cities.includes(event.data.from) &&
      !context.cities.includes(event.data.to) &&
      hasVisibleText(event.data.to),
    // A project it names was renamed: it is named by its new name.
    namesRenamedProject: ({ context, event }) =>
      event.type === 'ActivityProjectRenamed' &&
      context.projects.some((p) => p.id === event.data.id && p.name !== event.data.to) &&
      hasVisibleText(event.data.to),
    isScheduled: stateIn('#activity.schedule.published.scheduled'),
    isRunning: stateIn('#activity.schedule.published.running'),
  },
  actions: {
    applyEdit: assign(({ context, event }) => editedActivity(context, editOf(event))),
    endNow: assign({
      endsAt: ({ context, event }) =>
        event.type === 'ActivityEndedEarly' ? event.data.endsAt : context.endsAt,
    }),
    renameCity: assign({
      cities: ({ context, event }) =>
        event.type === 'ActivityCityRenamed'
          ? context.cities.map((c) => (c === event.data.from ? event.data.to : c))
          : context.cities,
    }),
    renameProject: assign({
      projects: ({ context, event }) =>
        event.type === 'ActivityProjectRenamed'
          ? context.projects.map((p) => (p.id === event.data.id ? { ...p, name: event.data.to } : p))
          : context.projects,
    }),
  },
}).createMachine({
  id: 'activity',
  type: 'parallel',
  context: ({ input }) => ({
    title: '',
    cover: '',
    content: '',
    startsAt: new Date(0).toISOString(),
    endsAt: new Date(0).toISOString(),
    cities: [],
    projects: [],
    now: new Date(0).toISOString(),
    ...input,
  }),
  // In every state: the activity keeps naming the same city and projects under their own new names.
  on: {
    ActivityCityRenamed: { guard: 'namesRenamedCity', actions: 'renameCity' },
    ActivityProjectRenamed: { guard: 'namesRenamedProject', actions: 'renameProject' },
  },
  states: {
    schedule: {
      initial: 'draft',
      states: {
        draft: {
          on: {
            ActivityEdited: { guard: and(['hasChanges', 'leavesValidActivity']), actions: 'applyEdit' },
            ActivityPublished: { guard: 'endAhead', target: 'published' },
          },
        },
        // Every fact is taken here, whatever the clock says: a replay knows no clock, only what was done; the
        // rules (isScheduled, isRunning, …) say when a person may do it.
        published: {
          initial: 'scheduled',
          on: {
            ActivityEdited: [
              {
                guard: and(['isScheduled', 'hasChanges', 'leavesValidActivity', 'keepsEndAhead']),
                actions: 'applyEdit',
              },
              {
                guard: and([
                  'isRunning',
                  'hasChanges',
                  'changesOnlyRunningFields',
                  'leavesValidActivity',
                  'keepsEndAhead',
                ]),
                actions: 'applyEdit',
              },
            ],
            ActivityWithdrawn: { guard: 'isScheduled', target: 'draft' },
            // Its end moves to now, and the clock's own step ends it.
            ActivityEndedEarly: { guard: 'isRunning', actions: 'endNow' },
          },
          states: {
            scheduled: { always: { guard: 'startReached', target: 'running' } },
            running: { always: { guard: 'endReached', target: 'ended' } },
            ended: {},
          },
        },
      },
    },
    enablement: {
      initial: 'enabled',
      states: {
        enabled: { on: { ActivityClosed: 'closed' } },
        closed: { on: { ActivityEnabled: 'enabled' } },
      },
    },
  },
});
