import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { changedDetailFields, type ProjectDetails } from './projectDetails';
import {
  MAX_RANKING,
  isValidRanking,
  projectMachine,
  type ProjectContext,
  type ProjectEvent,
  type ProjectEventType,
  type ProjectInput,
} from './projectMachine';

/**
 * Everything the server and the console need around `projectMachine`, so neither re-states a rule: the mapping
 * between machine events and stored past-tense events, the flat status the projection stores and the snapshot
 * rebuilt from it, `decide` with refusal reasons (i18n key + English message naming state and action), and
 * who may send which event.
 */

export type ProjectSnapshot = SnapshotFrom<typeof projectMachine>;

export const PROJECT_STREAM = 'project';
export const PROJECT_CREATED = 'ProjectCreated';

export const STORED_EVENT_TYPE = {
  'project.show': 'ProjectShown',
  'project.hide': 'ProjectHidden',
  'project.enable': 'ProjectEnabled',
  'project.close': 'ProjectClosed',
  'project.rank': 'ProjectRanked',
  'project.edit': 'ProjectEdited',
} as const satisfies Record<ProjectEventType, string>;

export type StoredProjectEventType = (typeof STORED_EVENT_TYPE)[ProjectEventType] | typeof PROJECT_CREATED;

export const PROJECT_EVENT_TYPES = Object.keys(STORED_EVENT_TYPE) as ProjectEventType[];

const MACHINE_EVENT_TYPE = Object.fromEntries(
  Object.entries(STORED_EVENT_TYPE).map(([machine, stored]) => [stored, machine]),
) as Record<string, ProjectEventType>;

export function isProjectEventType(type: unknown): type is ProjectEventType {
  return typeof type === 'string' && type in STORED_EVENT_TYPE;
}

export interface StoredProjectEvent {
  type: StoredProjectEventType;
  data: Record<string, unknown>;
  reason: string | null;
}

/** What goes into the event store for an accepted machine event (prices in fen, as in the machine). */
export function toStoredEvent(event: ProjectEvent, context?: ProjectContext): StoredProjectEvent {
  const type = STORED_EVENT_TYPE[event.type];
  switch (event.type) {
    case 'project.rank':
      return { type, data: { ranking: event.ranking, previous: context?.ranking ?? null }, reason: null };
    case 'project.edit': {
      // Only what really changed, with the previous values, so history reads "from → to".
      const fields = context
        ? changedDetailFields(context.details, event.changes)
        : Object.keys(event.changes);
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const f of fields) {
        changes[f] = event.changes[f as keyof ProjectDetails];
        if (context) previous[f] = context.details[f as keyof ProjectDetails];
      }
      return { type, data: context ? { changes, previous } : { changes }, reason: null };
    }
    default:
      return { type, data: {}, reason: null };
  }
}

/** The machine event a stored event replays as (`ProjectCreated` is the machine's input, not an event). */
export function fromStoredEvent(stored: { type: string; data: Record<string, unknown> }): ProjectEvent {
  const type = MACHINE_EVENT_TYPE[stored.type];
  if (!type) throw new Error(`Unknown project event type ${stored.type}`);
  switch (type) {
    case 'project.rank':
      return { type, ranking: Number(stored.data.ranking) };
    case 'project.edit':
      return { type, changes: (stored.data.changes ?? {}) as Partial<ProjectDetails> };
    default:
      return { type } as ProjectEvent;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Flat status (projection row, API) ⇄ machine snapshot

export interface ProjectStatus {
  is_enabled: boolean;
  is_display: boolean;
}

export function statusOf(snapshot: ProjectSnapshot): ProjectStatus {
  const value = snapshot.value as { enablement: string; display: string };
  return { is_enabled: value.enablement === 'enabled', is_display: value.display === 'shown' };
}

/** Rebuilds the snapshot from a projection row (status + context). */
export function snapshotFromStatus(status: ProjectStatus, context: ProjectContext): ProjectSnapshot {
  return projectMachine.resolveState({
    value: {
      enablement: status.is_enabled ? 'enabled' : 'closed',
      display: status.is_display ? 'shown' : 'hidden',
    },
    context,
  });
}

export function initialProjectSnapshot(input: ProjectInput): ProjectSnapshot {
  return initialTransition(projectMachine, input)[0];
}

/** Replays machine events from the creation; a refused event would mean a corrupt log, so it throws. */
export function replayProject(input: ProjectInput, events: ProjectEvent[]): ProjectSnapshot {
  let snapshot = initialProjectSnapshot(input);
  for (const event of events) {
    const decision = decide(snapshot, event);
    if (!decision.accepted) throw new Error(`Replay refused ${event.type}: ${decision.message}`);
    snapshot = decision.snapshot;
  }
  return snapshot;
}

// ---------------------------------------------------------------------------------------------------------------
// Deciding, and explaining a refusal

export type Decision =
  { accepted: true; snapshot: ProjectSnapshot } | { accepted: false; reasonKey: string; message: string };

export function decide(snapshot: ProjectSnapshot, event: ProjectEvent): Decision {
  if (snapshot.can(event)) {
    return { accepted: true, snapshot: transition(projectMachine, snapshot, event)[0] };
  }
  const reason = refusalReason(snapshot, event);
  return {
    accepted: false,
    reasonKey: `project.reason.${reason}`,
    message: `Cannot ${ACTION_LABEL[event.type]} while it is ${describeStatus(statusOf(snapshot))}: ${REASON_TEXT[reason]}.`,
  };
}

export const ACTION_LABEL: Record<ProjectEventType, string> = {
  'project.show': 'show this project to customers',
  'project.hide': 'hide this project from customers',
  'project.enable': 'enable this project',
  'project.close': 'close this project',
  'project.rank': "change this project's ranking",
  'project.edit': 'edit this project',
};

export function describeStatus(status: ProjectStatus): string {
  return `${status.is_display ? 'shown' : 'hidden'} and ${status.is_enabled ? 'enabled' : 'closed'}`;
}

export const REASON_TEXT = {
  alreadyShown: 'it is already shown',
  alreadyHidden: 'it is already hidden',
  closed: 'it is closed; enable it first',
  alreadyEnabled: 'it is already enabled',
  alreadyClosed: 'it is already closed',
  invalidRanking: `the ranking must be a whole number from 0 to ${MAX_RANKING}`,
  rankingUnchanged: 'the ranking is unchanged',
  noChanges: 'nothing was changed',
} as const;

export type RefusalReason = keyof typeof REASON_TEXT;

/** Why the machine refuses `event` now (call only when `snapshot.can(event)` is false). */
export function refusalReason(snapshot: ProjectSnapshot, event: ProjectEvent): RefusalReason {
  const s = statusOf(snapshot);
  switch (event.type) {
    case 'project.show':
      return s.is_display ? 'alreadyShown' : 'closed';
    case 'project.hide':
      return 'alreadyHidden';
    case 'project.enable':
      return 'alreadyEnabled';
    case 'project.close':
      return 'alreadyClosed';
    case 'project.rank':
      return isValidRanking(event.ranking) ? 'rankingUnchanged' : 'invalidRanking';
    case 'project.edit':
      return 'noChanges';
  }
}

/** A representative event of `type` for asking "is this possible now?" before its payload is typed. */
export function sampleEvent(type: ProjectEventType, context: ProjectContext): ProjectEvent {
  switch (type) {
    case 'project.rank':
      return { type, ranking: context.ranking === 0 ? 1 : context.ranking - 1 };
    case 'project.edit':
      return { type, changes: { summary: `${context.details.summary} ` } };
    default:
      return { type } as ProjectEvent;
  }
}

export interface ActionAvailability {
  allowed: boolean;
  /** i18n key explaining why not (`project.reason.*`), when not allowed. */
  reasonKey: string | null;
}

export function availability(
  snapshot: ProjectSnapshot,
  type: ProjectEventType,
  role?: string | null,
): ActionAvailability {
  if (role !== undefined && !roleMay(role, type))
    return { allowed: false, reasonKey: 'project.reason.adminOnly' };
  const event = sampleEvent(type, snapshot.context);
  if (snapshot.can(event)) return { allowed: true, reasonKey: null };
  return { allowed: false, reasonKey: `project.reason.${refusalReason(snapshot, event)}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Roles: showing, hiding, ranking, creating and editing projects is day-to-day catalogue work open to both roles.
// Closing a project takes it off the catalogue (it can no longer be ordered), and enabling one puts it back:
// an admin decision, as for suppliers.

export const ADMIN_ONLY_EVENTS: readonly ProjectEventType[] = ['project.enable', 'project.close'];

export function roleMay(role: string | null, type: ProjectEventType): boolean {
  if (role === 'admin') return true;
  if (role === 'user') return !ADMIN_ONLY_EVENTS.includes(type);
  return false;
}
