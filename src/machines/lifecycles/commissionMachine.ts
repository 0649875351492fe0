import { and, assign, setup } from 'xstate';
import {
  cityKey,
  isValidRateBp,
  type CommissionOverride,
  type CommissionSettings,
  type OverrideScope,
} from './commissionRules';

/**
 * The platform commission settings: one default rate and optional overrides per project and per city (most
 * specific wins, see commissionRules.ts). The single copy of what a change may be, used by the server to decide
 * every command (refused → HTTP 409) and by the console to enable its buttons.
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

export type CommissionEvent =
  | { type: 'commission.setDefault'; rateBp: number }
  | { type: 'commission.setOverride'; scope: OverrideScope; target: string; rateBp: number }
  | { type: 'commission.removeOverride'; scope: OverrideScope; target: string };

export type CommissionEventType = CommissionEvent['type'];

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
  return t.length > 0 && t.length <= MAX_TARGET_LENGTH;
}

export const commissionMachine = setup({
  types: {
    context: {} as CommissionContext,
    events: {} as CommissionEvent,
    input: {} as Partial<CommissionSettings>,
  },
  guards: {
    isNewValidDefault: ({ context, event }) =>
      event.type === 'commission.setDefault' &&
      isValidRateBp(event.rateBp) &&
      event.rateBp !== context.defaultRateBp,
    isNewValidOverride: ({ context, event }) =>
      event.type === 'commission.setOverride' &&
      isValidRateBp(event.rateBp) &&
      isValidTarget(event.scope, event.target) &&
      findOverride(context.overrides, event.scope, event.target.trim())?.rateBp !== event.rateBp,
    overrideExists: ({ context, event }) =>
      event.type === 'commission.removeOverride' &&
      findOverride(context.overrides, event.scope, event.target.trim()) !== undefined,
    removesLast: ({ context }) => context.overrides.length === 1,
  },
  actions: {
    applyDefault: assign({
      defaultRateBp: ({ context, event }) =>
        event.type === 'commission.setDefault' ? event.rateBp : context.defaultRateBp,
    }),
    applyOverride: assign({
      overrides: ({ context, event }) => {
        if (event.type !== 'commission.setOverride') return context.overrides;
        const target = event.target.trim();
        const existing = findOverride(context.overrides, event.scope, target);
        const next = { scope: event.scope, target: existing?.target ?? target, rateBp: event.rateBp };
        return existing
          ? context.overrides.map((o) => (o === existing ? next : o))
          : [...context.overrides, next];
      },
    }),
    removeOverride: assign({
      overrides: ({ context, event }) =>
        event.type === 'commission.removeOverride'
          ? context.overrides.filter((o) => !sameTarget(o, event.scope, event.target.trim()))
          : context.overrides,
    }),
  },
}).createMachine({
  id: 'commission',
  context: ({ input }) => ({ defaultRateBp: input.defaultRateBp ?? 0, overrides: input.overrides ?? [] }),
  initial: 'defaultOnly',
  on: {
    'commission.setDefault': { guard: 'isNewValidDefault', actions: 'applyDefault' },
  },
  states: {
    defaultOnly: {
      on: {
        'commission.setOverride': {
          guard: 'isNewValidOverride',
          target: 'withOverrides',
          actions: 'applyOverride',
        },
      },
    },
    withOverrides: {
      on: {
        'commission.setOverride': { guard: 'isNewValidOverride', actions: 'applyOverride' },
        'commission.removeOverride': [
          { guard: and(['overrideExists', 'removesLast']), target: 'defaultOnly', actions: 'removeOverride' },
          { guard: 'overrideExists', actions: 'removeOverride' },
        ],
      },
    },
  },
});
