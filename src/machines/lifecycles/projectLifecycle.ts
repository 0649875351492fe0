import type { SnapshotFrom } from 'xstate';
import { defineLifecycle, initialSnapshot } from './lifecycle';
import { NORMAL_PROJECT, changedDetailFields, type ProjectDetails } from './projectDetails';
import { MAX_RANKING, isValidRanking, projectMachine, type ProjectInput } from './projectMachine';

/**
 * The project lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat status the
 * projection keeps and the snapshot it stands for, and the words for a refusal. The rules are the machine's guards
 * (projectMachine.ts); who may send which command is the contract's policy table.
 */

export type ProjectSnapshot = SnapshotFrom<typeof projectMachine>;

export const PROJECT_STREAM = 'project';
export const PROJECT_CREATED = 'ProjectCreated';

export type ProjectCommand =
  | { type: 'project.show' }
  | { type: 'project.hide' }
  | { type: 'project.enable' }
  | { type: 'project.close' }
  | { type: 'project.rank'; ranking: number }
  | { type: 'project.edit'; changes: Partial<ProjectDetails> };

export type ProjectCommandType = ProjectCommand['type'];

/** The data of `ProjectCreated`: the machine's input. */
export type ProjectCreation = ProjectInput;

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
export function snapshotFromStatus(
  status: ProjectStatus,
  context: ProjectSnapshot['context'],
): ProjectSnapshot {
  return projectMachine.resolveState({
    value: {
      enablement: status.is_enabled ? 'enabled' : 'closed',
      display: status.is_display ? 'shown' : 'hidden',
    },
    context,
  });
}

export const ACTION_LABEL: Record<ProjectCommandType, string> = {
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

/** Why the machine refuses `command` now (called only when it does). */
export function refusalReason(snapshot: ProjectSnapshot, command: ProjectCommand): RefusalReason {
  const s = statusOf(snapshot);
  switch (command.type) {
    case 'project.show':
      return s.is_display ? 'alreadyShown' : 'closed';
    case 'project.hide':
      return 'alreadyHidden';
    case 'project.enable':
      return 'alreadyEnabled';
    case 'project.close':
      return 'alreadyClosed';
    case 'project.rank':
      return isValidRanking(command.ranking) ? 'rankingUnchanged' : 'invalidRanking';
    case 'project.edit':
      return 'noChanges';
  }
}

const none = {} as Record<string, never>;

export const projectLifecycle = defineLifecycle<typeof projectMachine, ProjectCommand, ProjectCreation>({
  name: 'project',
  stream: PROJECT_STREAM,
  machine: projectMachine,
  createdFact: PROJECT_CREATED,
  start: (data) =>
    initialSnapshot(projectMachine, {
      details: { ...NORMAL_PROJECT, ...data.details },
      ranking: data.ranking,
    }),
  facts: {
    'project.show': () => [{ type: 'ProjectShown', data: none }],
    'project.hide': () => [{ type: 'ProjectHidden', data: none }],
    'project.enable': () => [{ type: 'ProjectEnabled', data: none }],
    'project.close': () => [{ type: 'ProjectClosed', data: none }],
    'project.rank': (c, s) => [
      { type: 'ProjectRanked', data: { ranking: c.ranking, previous: s.context.ranking } },
    ],
    // Only what really changes, with the previous values, so history reads "from → to".
    'project.edit': (c, s) => {
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const field of changedDetailFields(s.context.details, c.changes)) {
        changes[field] = c.changes[field];
        previous[field] = s.context.details[field];
      }
      return [{ type: 'ProjectEdited', data: { changes, previous } }];
    },
  },
  reasonPrefix: 'project.reason',
  reasons: REASON_TEXT,
  inputReasons: { invalidRanking: 'ranking' },
  actionLabels: ACTION_LABEL,
  describe: (snapshot) => describeStatus(statusOf(snapshot)),
  explain: refusalReason,
  sample: (type, snapshot) => {
    switch (type) {
      case 'project.rank':
        return { type, ranking: snapshot.context.ranking === 0 ? 1 : snapshot.context.ranking - 1 };
      case 'project.edit':
        return { type, changes: { summary: `${snapshot.context.details.summary} ` } };
      default:
        return { type } as ProjectCommand;
    }
  },
});
