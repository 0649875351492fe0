import { transition, type SnapshotFrom } from 'xstate';
import {
  commissionMachine,
  findOverride,
  isValidTarget,
  type CommissionEvent,
  type CommissionEventType,
} from './commissionMachine';
import { formatPercent, isValidRateBp, type CommissionSettings } from './commissionRules';

/**
 * Around `commissionMachine`: stored event names with previous and new values, snapshot from settings, `decide`
 * (accept, or refuse with an i18n key and an English message), and the role rule (admins only change rates).
 */

export type CommissionSnapshot = SnapshotFrom<typeof commissionMachine>;

export const COMMISSION_STREAM = 'commission';
export const COMMISSION_STREAM_ID = 'platform';

export const COMMISSION_STORED_EVENT_TYPE = {
  'commission.setDefault': 'CommissionDefaultRateChanged',
  'commission.setOverride': 'CommissionOverrideSet',
  'commission.removeOverride': 'CommissionOverrideRemoved',
} as const satisfies Record<CommissionEventType, string>;

export const COMMISSION_EVENT_TYPES = Object.keys(COMMISSION_STORED_EVENT_TYPE) as CommissionEventType[];

export function commissionSnapshot(settings: CommissionSettings): CommissionSnapshot {
  return commissionMachine.resolveState({
    value: settings.overrides.length ? 'withOverrides' : 'defaultOnly',
    context: { defaultRateBp: settings.defaultRateBp, overrides: settings.overrides },
  });
}

export function settingsOf(snapshot: CommissionSnapshot): CommissionSettings {
  return { defaultRateBp: snapshot.context.defaultRateBp, overrides: snapshot.context.overrides };
}

/** The stored event: always the previous and the new value (null when there was none / is none). */
export function toStoredCommissionEvent(
  event: CommissionEvent,
  before: CommissionSettings,
): { type: string; data: Record<string, unknown> } {
  const type = COMMISSION_STORED_EVENT_TYPE[event.type];
  switch (event.type) {
    case 'commission.setDefault':
      return { type, data: { previous_rate_bp: before.defaultRateBp, rate_bp: event.rateBp } };
    case 'commission.setOverride': {
      const existing = findOverride(before.overrides, event.scope, event.target.trim());
      return {
        type,
        data: {
          scope: event.scope,
          target: existing?.target ?? event.target.trim(),
          previous_rate_bp: existing?.rateBp ?? null,
          rate_bp: event.rateBp,
        },
      };
    }
    case 'commission.removeOverride': {
      const existing = findOverride(before.overrides, event.scope, event.target.trim());
      return {
        type,
        data: {
          scope: event.scope,
          target: existing?.target ?? event.target.trim(),
          previous_rate_bp: existing?.rateBp ?? null,
          rate_bp: null,
        },
      };
    }
  }
}

/** Replays a stored event (for rebuilding the projection from the log). */
export function fromStoredCommissionEvent(stored: {
  type: string;
  data: Record<string, unknown>;
}): CommissionEvent {
  const d = stored.data;
  switch (stored.type) {
    case 'CommissionDefaultRateChanged':
      return { type: 'commission.setDefault', rateBp: Number(d.rate_bp) };
    case 'CommissionOverrideSet':
      return {
        type: 'commission.setOverride',
        scope: d.scope as 'project' | 'city',
        target: String(d.target),
        rateBp: Number(d.rate_bp),
      };
    case 'CommissionOverrideRemoved':
      return {
        type: 'commission.removeOverride',
        scope: d.scope as 'project' | 'city',
        target: String(d.target),
      };
    default:
      throw new Error(`Unknown commission event type ${stored.type}`);
  }
}

export const COMMISSION_REASON_TEXT = {
  invalidRate: 'a rate is a percentage from 0 to 100 with at most two decimals',
  invalidTarget: 'the override needs a project id or a city name',
  unchanged: 'the rate is unchanged',
  noSuchOverride: 'there is no such override',
} as const;

export type CommissionRefusal = keyof typeof COMMISSION_REASON_TEXT;

export function commissionRefusal(snapshot: CommissionSnapshot, event: CommissionEvent): CommissionRefusal {
  switch (event.type) {
    case 'commission.setDefault':
      return isValidRateBp(event.rateBp) ? 'unchanged' : 'invalidRate';
    case 'commission.setOverride':
      if (!isValidRateBp(event.rateBp)) return 'invalidRate';
      return isValidTarget(event.scope, event.target) ? 'unchanged' : 'invalidTarget';
    case 'commission.removeOverride':
      return findOverride(snapshot.context.overrides, event.scope, event.target.trim())
        ? 'unchanged'
        : 'noSuchOverride';
  }
}

export type CommissionDecision =
  { accepted: true; snapshot: CommissionSnapshot } | { accepted: false; reasonKey: string; message: string };

function describe(event: CommissionEvent): string {
  switch (event.type) {
    case 'commission.setDefault':
      return 'change the default commission rate';
    case 'commission.setOverride':
      return `set the commission override for ${event.scope} "${event.target}"`;
    case 'commission.removeOverride':
      return `remove the commission override for ${event.scope} "${event.target}"`;
  }
}

/** The rate the command is about as it stands: the override's own rate when it has one, else the default. */
function currentRate(snapshot: CommissionSnapshot, event: CommissionEvent): string {
  if (event.type !== 'commission.setDefault') {
    const override = findOverride(snapshot.context.overrides, event.scope, event.target.trim());
    if (override) return `the override is ${formatPercent(override.rateBp)}%`;
  }
  return `the default rate is ${formatPercent(snapshot.context.defaultRateBp)}%`;
}

export function decideCommission(snapshot: CommissionSnapshot, event: CommissionEvent): CommissionDecision {
  if (snapshot.can(event))
    return { accepted: true, snapshot: transition(commissionMachine, snapshot, event)[0] };
  const reason = commissionRefusal(snapshot, event);
  return {
    accepted: false,
    reasonKey: `system.commission.reason.${reason}`,
    message: `Cannot ${describe(event)} (${currentRate(snapshot, event)}): ${COMMISSION_REASON_TEXT[reason]}.`,
  };
}

export function commissionRoleMay(role: string | null | undefined): boolean {
  return role === 'admin';
}
