import { assign, setup, stateIn } from 'xstate';
import { changedDetailFields, type ProjectDetails } from './projectDetails';

/**
 * The project (service listing) lifecycle: the single copy of the rules, used by the console to enable actions
 * and by the server to decide every command (a fact the machine does not take is refused with HTTP 409). Its
 * events are the facts the log stores; its guards are the rules, which `evolve` switches off (lifecycle.ts).
 *
 * Two parallel regions, linked by one guard:
 * - `enablement`: enabled ↔ closed (a closed project is off the catalogue: it cannot be ordered or shown);
 * - `display`: hidden ↔ shown (shown to customers in the app).
 *
 * Invariants (tested):
 * - shown ⇒ enabled. Showing needs an enabled project; closing a shown project hides it in the same step, and
 *   enabling a closed project leaves it hidden (showing it again is a deliberate act).
 * - A new project starts enabled and hidden, so staff can finish it before customers see it.
 * - Ranking and detail edits are events too; an edit or ranking that changes nothing is refused. Edits are
 *   allowed in every state (fixing a typo in a shown project must not hide it).
 *
 * Pure: no invoke, delays, clock or randomness; guards read context, event and the current configuration;
 * actions only assign.
 */

export interface ProjectContext {
  details: ProjectDetails;
  ranking: number;
}

export interface ProjectInput {
  details: ProjectDetails;
  ranking?: number;
}

/** The facts the log stores for a project, which are the machine's events. */
export type ProjectFact =
  | { type: 'ProjectShown'; data: Record<string, never> }
  | { type: 'ProjectHidden'; data: Record<string, never> }
  | { type: 'ProjectEnabled'; data: Record<string, never> }
  | { type: 'ProjectClosed'; data: Record<string, never> }
  | { type: 'ProjectRanked'; data: { ranking: number; previous: number | null } }
  | { type: 'ProjectEdited'; data: { changes: Partial<ProjectDetails>; previous?: Partial<ProjectDetails> } };

export const MAX_RANKING = 999_999;

export function isValidRanking(ranking: unknown): ranking is number {
  return typeof ranking === 'number' && Number.isInteger(ranking) && ranking >= 0 && ranking <= MAX_RANKING;
}

export const projectMachine = setup({
  types: {
    context: {} as ProjectContext,
    events: {} as ProjectFact,
    input: {} as ProjectInput,
  },
  guards: {
    isEnabled: stateIn('#project.enablement.enabled'),
    hasChanges: ({ context, event }) =>
      event.type === 'ProjectEdited' && changedDetailFields(context.details, event.data.changes).length > 0,
    isNewValidRanking: ({ context, event }) =>
      event.type === 'ProjectRanked' &&
      isValidRanking(event.data.ranking) &&
      event.data.ranking !== context.ranking,
  },
  actions: {
    applyEdit: assign({
      details: ({ context, event }) => {
        if (event.type !== 'ProjectEdited') return context.details;
        const next = { ...context.details };
        for (const field of changedDetailFields(context.details, event.data.changes)) {
          (next as Record<string, unknown>)[field] = event.data.changes[field];
        }
        return next;
      },
    }),
    applyRanking: assign({
      ranking: ({ context, event }) =>
        event.type === 'ProjectRanked' ? event.data.ranking : context.ranking,
    }),
  },
}).createMachine({
  id: 'project',
  type: 'parallel',
  context: ({ input }) => ({ details: input.details, ranking: input.ranking ?? 0 }),
  on: {
    ProjectRanked: { guard: 'isNewValidRanking', actions: 'applyRanking' },
    ProjectEdited: { guard: 'hasChanges', actions: 'applyEdit' },
  },
  states: {
    enablement: {
      initial: 'enabled',
      states: {
        enabled: { on: { ProjectClosed: 'closed' } },
        closed: { on: { ProjectEnabled: 'enabled' } },
      },
    },
    display: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { ProjectShown: { guard: 'isEnabled', target: 'shown' } },
        },
        shown: {
          on: {
            ProjectHidden: 'hidden',
            // shown ⇒ enabled, so the enablement region always takes this event too: closing hides.
            ProjectClosed: 'hidden',
          },
        },
      },
    },
  },
});

export type ProjectMachine = typeof projectMachine;
