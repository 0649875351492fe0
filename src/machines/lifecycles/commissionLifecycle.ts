import type { SnapshotFrom } from 'xstate';
import { defineLifecycle } from './lifecycle';
import { commissionMachine, findOverride, isValidTarget, type Cause } from './commissionMachine';
import { formatPercent, isValidRateBp, type CommissionSettings, type OverrideScope } from './commissionRules';

/**
 * The commission settings declared for the entity kit (lifecycle.ts): one singleton stream
 * (`commission/platform`) for the default rate and every override, so one expected version guards the page; the
 * facts keep the previous and the new value, so history reads "from → to".
 */

export type CommissionSnapshot = SnapshotFrom<typeof commissionMachine>;

export const COMMISSION_STREAM = 'commission';
export const COMMISSION_STREAM_ID = 'platform';

export type CommissionCommand =
  | { type: 'commission.setDefault'; rateBp: number }
  | { type: 'commission.setOverride'; scope: OverrideScope; target: string; rateBp: number; cause?: Cause }
  | { type: 'commission.removeOverride'; scope: OverrideScope; target: string; cause?: Cause };

export type CommissionCommandType = CommissionCommand['type'];

export function commissionSnapshot(settings: CommissionSettings): CommissionSnapshot {
  return commissionMachine.resolveState({
    value: settings.overrides.length ? 'withOverrides' : 'defaultOnly',
    context: { defaultRateBp: settings.defaultRateBp, overrides: settings.overrides },
  });
}

export function settingsOf(snapshot: CommissionSnapshot): CommissionSettings {
  return { defaultRateBp: snapshot.context.defaultRateBp, overrides: snapshot.context.overrides };
}

export const COMMISSION_REASON_TEXT = {
  invalidRate: 'a rate is a percentage from 0 to 100 with at most two decimals',
  invalidTarget: 'the override needs a project id or a city name',
  unchanged: 'the rate is unchanged',
  noSuchOverride: 'there is no such override',
} as const;

export type CommissionRefusal = keyof typeof COMMISSION_REASON_TEXT;

export function commissionRefusal(
  snapshot: CommissionSnapshot,
  command: CommissionCommand,
): CommissionRefusal {
  switch (command.type) {
    case 'commission.setDefault':
      return isValidRateBp(command.rateBp) ? 'unchanged' : 'invalidRate';
    case 'commission.setOverride':
      if (!isValidRateBp(command.rateBp)) return 'invalidRate';
      return isValidTarget(command.scope, command.target) ? 'unchanged' : 'invalidTarget';
    case 'commission.removeOverride':
      return findOverride(snapshot.context.overrides, command.scope, command.target.trim())
        ? 'unchanged'
        : 'noSuchOverride';
  }
}

function labelOf(command: CommissionCommand): string {
  switch (command.type) {
    case 'commission.setDefault':
      return 'change the default commission rate';
    case 'commission.setOverride':
      return `set the commission override for ${command.scope} "${command.target}"`;
    case 'commission.removeOverride':
      return `remove the commission override for ${command.scope} "${command.target}"`;
  }
}

export const COMMISSION_ACTION_LABEL: Record<CommissionCommandType, string> = {
  'commission.setDefault': 'change commission rates',
  'commission.setOverride': 'change commission rates',
  'commission.removeOverride': 'change commission rates',
};

/** The rate a refused command is about, as it stands: the override's own rate when it has one, else the default. */
function currentRate(snapshot: CommissionSnapshot, command: CommissionCommand): string {
  if (command.type !== 'commission.setDefault') {
    const override = findOverride(snapshot.context.overrides, command.scope, command.target.trim());
    if (override) return `the override is ${formatPercent(override.rateBp)}%`;
  }
  return `the default rate is ${formatPercent(snapshot.context.defaultRateBp)}%`;
}

/** The English refusal of a commission command (its words name the override and the rate, not a state). */
export function commissionRefusalMessage(snapshot: CommissionSnapshot, command: CommissionCommand): string {
  return `Cannot ${labelOf(command)} (${currentRate(snapshot, command)}): ${COMMISSION_REASON_TEXT[commissionRefusal(snapshot, command)]}.`;
}

export const commissionLifecycle = defineLifecycle<typeof commissionMachine, CommissionCommand, object>({
  name: 'commission',
  stream: COMMISSION_STREAM,
  machine: commissionMachine,
  createdFact: null,
  start: () => commissionSnapshot({ defaultRateBp: 0, overrides: [] }),
  facts: {
    'commission.setDefault': (c, s) => [
      {
        type: 'CommissionDefaultRateChanged',
        data: { previous_rate_bp: s.context.defaultRateBp, rate_bp: c.rateBp },
      },
    ],
    'commission.setOverride': (c, s) => {
      const existing = findOverride(s.context.overrides, c.scope, c.target.trim());
      return [
        {
          type: 'CommissionOverrideSet',
          data: {
            scope: c.scope,
            target: existing?.target ?? c.target.trim(),
            previous_rate_bp: existing?.rateBp ?? null,
            rate_bp: c.rateBp,
            ...(c.cause ? { cause: c.cause } : {}),
          },
        },
      ];
    },
    'commission.removeOverride': (c, s) => {
      const existing = findOverride(s.context.overrides, c.scope, c.target.trim());
      return [
        {
          type: 'CommissionOverrideRemoved',
          data: {
            scope: c.scope,
            target: existing?.target ?? c.target.trim(),
            previous_rate_bp: existing?.rateBp ?? null,
            rate_bp: null,
            ...(c.cause ? { cause: c.cause } : {}),
          },
        },
      ];
    },
  },
  routingGuards: ['removesLast'],
  reasonPrefix: 'system.commission.reason',
  reasons: COMMISSION_REASON_TEXT,
  inputReasons: { invalidRate: 'rate', invalidTarget: 'target' },
  actionLabels: COMMISSION_ACTION_LABEL,
  describe: (snapshot) => `default ${formatPercent(snapshot.context.defaultRateBp)}%`,
  explain: commissionRefusal,
  refusalMessage: commissionRefusalMessage,
  sample: (type, snapshot) => {
    switch (type) {
      case 'commission.setDefault':
        return { type, rateBp: snapshot.context.defaultRateBp === 0 ? 1 : 0 };
      case 'commission.setOverride':
        return { type, scope: 'city', target: 'sample', rateBp: 1 };
      default:
        return {
          type,
          scope: 'city',
          target: snapshot.context.overrides[0]?.target ?? 'none',
        } as CommissionCommand;
    }
  },
});
