import { and, assign, setup } from 'xstate';
import {
  cityKey,
  isValidRateBp,
  type CommissionOverride,
  type CommissionSettings,
  type OverrideScope,
} from './commissionRules';
import { textLength } from './visibleText';

/**
 * The platform commission settings: one default rate and optional overrides per project and per city (most
 * specific wins, see commissionRules.ts). The single copy of what a change may be, used by the server to decide
 * every command (refused → HTTP 409) and by the console to enable its buttons. Its events are the facts the log
 * stores; `evolve` replays them with the rules off, keeping only `removesLast`, which picks the target.
 *
 * States: `defaultOnly` (no override) ↔ `withOverrides`.
 *
 * Invariants (tested):
 * - every rate is whole basis points in [0, 10000];
 * - a change must change something: the same default rate, or an override with the rate it already has, is
 *   refused (so every event in the history has a different previous and new value);
 * - at most one override per (scope, target); a city target is matched case-insensitively;
 * - removing an override that does not exist is refused; removing the last one returns to `defaultOnly`.
 *
 * Pure: guards read context and event; actions only assign.
 */

export type CommissionContext = CommissionSettings;

/** Where a change came from when it was not a person's own command (an override following a city rename). */
export type Cause = Record<string, unknown>;

/** The facts the log stores for the commission settings, which are the machine's events. */
export type CommissionFact =
  | {
      type: 'CommissionDefaultRateChanged';
      data: { previous_rate_bp: number; rate_bp: number };
    }
  | {
      type: 'CommissionOverrideSet';
      data: {
        scope: OverrideScope;
        target: string;
        previous_rate_bp: number | null;
        rate_bp: number;
        cause?: Cause;
      };
    }
  | {
      type: 'CommissionOverrideRemoved';
      data: {
        scope: OverrideScope;
        target: string;
        previous_rate_bp: number | null;
        rate_bp: null;
        cause?: Cause;
      };
    };

export const MAX_TARGET_LENGTH = 50;

export function sameTarget(
  o: { scope: OverrideScope; target: string },
  scope: OverrideScope,
  target: string,
) {
  return (
    o.scope === scope && (scope === 'city' ? cityKey(o.target) === cityKey(target) : o.target === target)
  );
}

export function findOverride(
  overrides: CommissionOverride[],
  scope: OverrideScope,
  target: string,
): CommissionOverride | undefined {
  return overrides.find((o) => sameTarget(o, scope, target));
}

export function isValidTarget(scope: OverrideScope, target: unknown): target is string {
  if (typeof target !== 'string') return false;
  const t = target.trim();
  if (scope === 'project') return /^[1-9]\d{0,8}$/.test(t);
  return t.length > 0 && textLength(t) <= MAX_TARGET_LENGTH;
}

export const commissionMachine = setup({
  types: {
    context: {} as CommissionContext,
    events: {} as CommissionFact,
    input: {} as Partial<CommissionSettings>,
  },
  guards: {
    isNewValidDefault: ({ context, event }) =>
      event.type === 'CommissionDefaultRateChanged' &&
      isValidRateBp(event.data.rate_bp) &&
      event.data.rate_bp !== context.defaultRateBp,
    isNewValidOverride: ({ context, event }) =>
      event.type === 'CommissionOverrideSet' &&
      isValidRateBp(event.data.rate_bp) &&
      isValidTarget(event.data.scope, event.data.target) &&
      findOverride(context.overrides, event.data.scope, event.data.target.trim())?.rateBp !==
        event.data.rate_bp,
    overrideExists: ({ context, event }) =>
      event.type === 'CommissionOverrideRemoved' &&
      findOverride(context.overrides, event.data.scope, event.data.target.trim()) !== undefined,
    removesLast: ({ context }) => context.overrides.length === 1,
  },
  actions: {
    applyDefault: assign({
      defaultRateBp: ({ context, event }) =>
        event.type === 'CommissionDefaultRateChanged' ? event.data.rate_bp : context.defaultRateBp,
    }),
    applyOverride: assign({
      overrides: ({ context, event }) => {
        if (event.type !== 'CommissionOverrideSet') return context.overrides;
        const { scope, rate_bp: rateBp } = event.data;
        const target = event.data.target.trim();
        const existing = findOverride(context.overrides, scope, target);
        const next = { scope, target: existing?.target ?? target, rateBp };
        return existing
          ? context.overrides.map((o) => (o === existing ? next : o))
          : [...context.overrides, next];
      },
    }),
    removeOverride: assign({
      overrides: ({ context, event }) =>
        event.type === 'CommissionOverrideRemoved'
          ? context.overrides.filter((o) => !sameTarget(o, event.data.scope, event.data.target.trim()))
          : context.overrides,
    }),
  },
}).createMachine({
  id: 'commission',
  context: ({ input }) => ({ defaultRateBp: input.defaultRateBp ?? 0, overrides: input.overrides ?? [] }),
  initial: 'defaultOnly',
  on: {
    CommissionDefaultRateChanged: { guard: 'isNewValidDefault', actions: 'applyDefault' },
  },
  states: {
    defaultOnly: {
      on: {
        CommissionOverrideSet: {
          guard: 'isNewValidOverride',
          target: 'withOverrides',
          actions: 'applyOverride',
        },
      },
    },
    withOverrides: {
      on: {
        CommissionOverrideSet: { guard: 'isNewValidOverride', actions: 'applyOverride' },
        CommissionOverrideRemoved: [
          { guard: and(['overrideExists', 'removesLast']), target: 'defaultOnly', actions: 'removeOverride' },
          { guard: 'overrideExists', actions: 'removeOverride' },
        ],
      },
    },
  },
});
