import type { SnapshotFrom } from 'xstate';
import {
  ACTIVITY_BODY_FIELDS,
  MAX_ACTIVITY_CITIES,
  MAX_ACTIVITY_PROJECTS,
  MAX_ACTIVITY_TITLE_LENGTH,
  RUNNING_EDITABLE,
  activityMachine,
  activityPhaseAt,
  changedActivityFields,
  editedActivity,
  isValidActivityBody,
  type ActivityBody,
  type ActivityChanges,
  type ActivityContext,
  type ActivityPhase,
} from './activityMachine';
import { defineLifecycle } from './lifecycle';

/**
 * The activity lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat status the
 * projection keeps, and the words for a refusal. The rules are the machine's guards (activityMachine.ts).
 */

export type ActivitySnapshot = SnapshotFrom<typeof activityMachine>;

export const ACTIVITY_STREAM = 'activity';
export const ACTIVITY_CREATED = 'ActivityCreated';

export type ActivityCommand =
  | { type: 'activity.edit'; changes: ActivityChanges }
  | { type: 'activity.publish' }
  | { type: 'activity.withdraw' }
  | { type: 'activity.end' }
  | { type: 'activity.enable' }
  | { type: 'activity.close' }
  /** A consequence of a service city's rename (the policy lets nobody ask for it); `cause` names the rename. */
  | { type: 'activity.followCityRename'; from: string; to: string; cause?: Record<string, unknown> }
  /** A consequence of a project's rename (the policy lets nobody ask for it); `cause` names the rename. */
  | { type: 'activity.followProjectRename'; id: number; to: string; cause?: Record<string, unknown> };

export type ActivityCommandType = ActivityCommand['type'];

/** The data of `ActivityCreated`: a new activity is a draft, enabled. */
export type ActivityCreation = ActivityBody;

/**
 * What the projection stores: whether it was published, and enabled. Never the phase: that is the clock's
 * (`activityPhaseAt`), derived whenever it is read.
 */
export interface ActivityStatus {
  is_published: boolean;
  is_enabled: boolean;
}

export function activityStatusOf(snapshot: ActivitySnapshot): ActivityStatus {
  return {
    is_published: snapshot.matches({ schedule: 'published' }),
    is_enabled: snapshot.matches({ enablement: 'enabled' }),
  };
}

/** The state a person sees: draft, or where the context's clock is in the published window. */
export function activityPhaseOf(snapshot: ActivitySnapshot): ActivityPhase {
  if (snapshot.matches({ schedule: 'draft' })) return 'draft';
  const value = snapshot.value as { schedule: { published: Exclude<ActivityPhase, 'draft'> } };
  return value.schedule.published;
}

/**
 * The snapshot of an activity as stored, at the time `context.now`: its phase is where that time is, or `phase`
 * where a reader already derived it (the console takes the server's word for the state it shows).
 */
export function activitySnapshot(
  status: ActivityStatus,
  context: ActivityContext,
  phase: Exclude<ActivityPhase, 'draft'> = activityPhaseAt(context, context.now),
): ActivitySnapshot {
  return activityMachine.resolveState({
    value: {
      schedule: status.is_published ? { published: phase } : 'draft',
      enablement: status.is_enabled ? 'enabled' : 'closed',
    },
    context,
  });
}

/** The same activity at time `now`: its clock set, its phase where that time is. */
export function activityAt(snapshot: ActivitySnapshot, now: string): ActivitySnapshot {
  return activitySnapshot(activityStatusOf(snapshot), { ...snapshot.context, now });
}

/** The body fields an edit may change in the activity's phase (the form offers only these). */
export function activityEditableFields(snapshot: ActivitySnapshot): readonly (keyof ActivityBody)[] {
  const phase = activityPhaseOf(snapshot);
  if (phase === 'ended') return [];
  return phase === 'running' ? RUNNING_EDITABLE : ACTIVITY_BODY_FIELDS;
}

function describe(snapshot: ActivitySnapshot): string {
  const { is_enabled } = activityStatusOf(snapshot);
  return `${activityPhaseOf(snapshot)}, ${is_enabled ? 'enabled' : 'closed'}`;
}

export const ACTIVITY_ACTION_LABEL: Record<ActivityCommandType, string> = {
  'activity.edit': 'edit this activity',
  'activity.publish': 'publish this activity',
  'activity.withdraw': 'withdraw this activity',
  'activity.end': 'end this activity now',
  'activity.enable': 'enable this activity',
  'activity.close': 'close this activity',
  'activity.followCityRename': 'name a renamed service city by its new name',
  'activity.followProjectRename': 'name a renamed project by its new name',
};

export const ACTIVITY_REASON_TEXT = {
  notDraft: 'only a draft is published',
  endPassed: 'its end has passed; move the end later first',
  notScheduled: 'only an activity that has not started is withdrawn to a draft',
  notRunning: 'only a running activity is ended early',
  ended: 'an ended activity is not edited',
  runningFields: `while it runs, only its content, cover and end change (${RUNNING_EDITABLE.join(', ')})`,
  endNotAhead: 'a published activity keeps its end in the future',
  noChanges: 'nothing changed',
  invalidEdit: `an activity keeps a title of 1 to ${MAX_ACTIVITY_TITLE_LENGTH} characters, content, a cover that is empty or an image, a start before its end, 1 to ${MAX_ACTIVITY_CITIES} cities and 1 to ${MAX_ACTIVITY_PROJECTS} projects`,
  alreadyEnabled: 'it is already enabled',
  alreadyClosed: 'it is already closed',
  cityNotNamed: 'it does not name that city, or already names the new one',
  projectNotNamed: 'it does not name that project, or names it so already',
  notAllowed: 'the action is not possible in this state',
} as const;

export type ActivityRefusal = keyof typeof ACTIVITY_REASON_TEXT;

export function activityRefusalReason(snapshot: ActivitySnapshot, command: ActivityCommand): ActivityRefusal {
  const phase = activityPhaseOf(snapshot);
  const { is_enabled } = activityStatusOf(snapshot);
  const c = snapshot.context;
  switch (command.type) {
    case 'activity.publish':
      return phase !== 'draft' ? 'notDraft' : 'endPassed';
    case 'activity.withdraw':
      return 'notScheduled';
    case 'activity.end':
      return 'notRunning';
    case 'activity.edit': {
      if (phase === 'ended') return 'ended';
      const changed = changedActivityFields(c, command.changes ?? {});
      if (changed.length === 0) return 'noChanges';
      if (phase === 'running' && changed.some((f) => !RUNNING_EDITABLE.includes(f))) return 'runningFields';
      // What is left: a bad value, or a published activity's end that would not be ahead.
      return isValidActivityBody(editedActivity(c, command.changes ?? {})) ? 'endNotAhead' : 'invalidEdit';
    }
    case 'activity.enable':
      return is_enabled ? 'alreadyEnabled' : 'notAllowed';
    case 'activity.close':
      return is_enabled ? 'notAllowed' : 'alreadyClosed';
    case 'activity.followCityRename':
      return 'cityNotNamed';
    case 'activity.followProjectRename':
      return 'projectNotNamed';
  }
}

export const activityLifecycle = defineLifecycle<typeof activityMachine, ActivityCommand, ActivityCreation>({
  name: 'activity',
  stream: ACTIVITY_STREAM,
  machine: activityMachine,
  createdFact: ACTIVITY_CREATED,
  // A replay knows no clock: its snapshot is a draft or published, and whoever reads it gives it the time.
  start: (data) =>
    activitySnapshot({ is_published: false, is_enabled: true }, { ...data, now: new Date(0).toISOString() }),
  facts: {
    // Only what really changes, with the previous values, so history reads "from → to".
    'activity.edit': (command, snapshot) => {
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const field of changedActivityFields(snapshot.context, command.changes ?? {})) {
        changes[field] = command.changes[field];
        previous[field] = snapshot.context[field];
      }
      return [{ type: 'ActivityEdited', data: { changes, previous } }];
    },
    'activity.publish': () => [{ type: 'ActivityPublished', data: {} }],
    'activity.withdraw': () => [{ type: 'ActivityWithdrawn', data: {} }],
    // Ended at the time the command is decided: the stored end, not the clock, says it has ended.
    'activity.end': (_command, snapshot) => [
      { type: 'ActivityEndedEarly', data: { endsAt: snapshot.context.now } },
    ],
    'activity.enable': () => [{ type: 'ActivityEnabled', data: {} }],
    'activity.close': () => [{ type: 'ActivityClosed', data: {} }],
    'activity.followCityRename': ({ from, to, cause }) => [
      { type: 'ActivityCityRenamed', data: { from, to, ...(cause ? { cause } : {}) } },
    ],
    // The previous name is kept with the fact, so history reads "from → to".
    'activity.followProjectRename': ({ id, to, cause }, snapshot) => [
      {
        type: 'ActivityProjectRenamed',
        data: {
          id,
          from: snapshot.context.projects.find((p) => p.id === id)?.name ?? '',
          to,
          ...(cause ? { cause } : {}),
        },
      },
    ],
  },
  routingGuards: ['startReached', 'endReached'],
  at: activityAt,
  reasonPrefix: 'activity.reason',
  reasons: ACTIVITY_REASON_TEXT,
  actionLabels: ACTIVITY_ACTION_LABEL,
  describe,
  explain: activityRefusalReason,
  // A content change: what every phase that takes an edit at all lets change.
  sample: (type, snapshot) =>
    type === 'activity.edit'
      ? { type, changes: { content: `${snapshot.context.content}<p>.</p>` } }
      : ({ type } as ActivityCommand),
});
