import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot } from 'xstate';
import {
  commissionSnapshot,
  decideCommission,
  fromStoredCommissionEvent,
  settingsOf,
  toStoredCommissionEvent,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import { commissionMachine } from '../../../src/machines/lifecycles/commissionMachine';
import {
  commissionFor,
  formatFen,
  formatPercent,
  parsePercent,
  parseYuan,
  type CommissionSettings,
} from '../../../src/machines/lifecycles/commissionRules';
import { describeMachinePaths } from '../../support/machinePaths';

describeMachinePaths(commissionMachine, {
  input: { defaultRateBp: 1000, overrides: [] },
  events: (s: AnyMachineSnapshot) => [
    { type: 'commission.setDefault', rateBp: s.context.defaultRateBp === 1000 ? 1250 : 1000 },
    { type: 'commission.setOverride', scope: 'city', target: 'Beijing', rateBp: 800 },
    { type: 'commission.setOverride', scope: 'project', target: '7', rateBp: 1500 },
    { type: 'commission.removeOverride', scope: 'city', target: 'beijing' },
    { type: 'commission.removeOverride', scope: 'project', target: '7' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context]),
});

const settings: CommissionSettings = {
  defaultRateBp: 1000,
  overrides: [
    { scope: 'city', target: 'Beijing', rateBp: 1200 },
    { scope: 'project', target: '7', rateBp: 500 },
  ],
};

describe('commissionFor: most specific wins (project > city > default), half-up rounding in fen', () => {
  it('project override beats city override beats default', () => {
    expect(commissionFor(10000, { projectId: 7, city: 'Beijing' }, settings)).toEqual({
      rateBp: 500,
      source: 'project',
      commissionFen: 500,
      supplierIncomeFen: 9500,
    });
    expect(commissionFor(10000, { projectId: 8, city: ' beijing ' }, settings)).toMatchObject({
      rateBp: 1200,
      source: 'city',
      commissionFen: 1200,
    });
    expect(commissionFor(10000, { projectId: 8, city: 'Shanghai' }, settings)).toMatchObject({
      rateBp: 1000,
      source: 'default',
      commissionFen: 1000,
    });
    expect(commissionFor(10000, {}, settings).source).toBe('default');
  });

  it('rounds half up to whole fen and income + commission = amount', () => {
    const s = { defaultRateBp: 1250, overrides: [] };
    expect(commissionFor(4, {}, s).commissionFen).toBe(1); // 0.5 fen → 1
    expect(commissionFor(3, {}, s).commissionFen).toBe(0); // 0.375 fen → 0
    expect(commissionFor(12345, {}, s)).toMatchObject({ commissionFen: 1543, supplierIncomeFen: 10802 }); // 1543.125
    for (const amount of [0, 1, 99, 100, 19999, 123456789]) {
      const q = commissionFor(amount, {}, { defaultRateBp: 333, overrides: [] });
      expect(q.commissionFen + q.supplierIncomeFen).toBe(amount);
    }
    expect(commissionFor(500, {}, { defaultRateBp: 10000, overrides: [] }).supplierIncomeFen).toBe(0);
    expect(() => commissionFor(-1, {}, s)).toThrow(RangeError);
    expect(() => commissionFor(1.5, {}, s)).toThrow(RangeError);
  });

  it('parses and formats percentages and money without floating point', () => {
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent(' 7.05 ')).toBe(705);
    expect(parsePercent(100)).toBe(10000);
    expect(parsePercent(0.1)).toBe(10);
    for (const bad of ['12.345', '100.5', '-1', '', 'x', '1e2', null, Infinity])
      expect(parsePercent(bad)).toBeNull();
    expect(formatPercent(1250)).toBe('12.50');
    expect(formatPercent(5)).toBe('0.05');
    expect(parseYuan('123.4')).toBe(12340);
    expect(parseYuan('1.234')).toBeNull();
    expect(formatFen(12345)).toBe('123.45');
    expect(formatFen(7)).toBe('0.07');
  });
});

describe('commission machine decisions', () => {
  it('an unchanged override names its own rate; an unchanged default names the default', () => {
    const s = commissionSnapshot(settings);
    const override = decideCommission(s, {
      type: 'commission.setOverride',
      scope: 'project',
      target: '7',
      rateBp: 500,
    });
    expect(!override.accepted && override.message).toBe(
      'Cannot set the commission override for project "7" (the override is 5.00%): the rate is unchanged.',
    );
    const fallback = decideCommission(s, { type: 'commission.setDefault', rateBp: 1000 });
    expect(!fallback.accepted && fallback.message).toContain('(the default rate is 10.00%)');
  });

  it('refuses an unchanged default, an invalid rate, and removing a missing override', () => {
    const s = commissionSnapshot(settings);
    const same = decideCommission(s, { type: 'commission.setDefault', rateBp: 1000 });
    expect(!same.accepted && same.reasonKey).toBe('system.commission.reason.unchanged');
    const invalid = decideCommission(s, { type: 'commission.setDefault', rateBp: 10001 });
    expect(!invalid.accepted && invalid.reasonKey).toBe('system.commission.reason.invalidRate');
    const missing = decideCommission(s, {
      type: 'commission.removeOverride',
      scope: 'city',
      target: 'Paris',
    });
    expect(!missing.accepted && missing.reasonKey).toBe('system.commission.reason.noSuchOverride');
    const badTarget = decideCommission(s, {
      type: 'commission.setOverride',
      scope: 'project',
      target: 'x',
      rateBp: 1,
    });
    expect(!badTarget.accepted && badTarget.reasonKey).toBe('system.commission.reason.invalidTarget');
  });

  it('updates a city override in place (case-insensitive) and keeps its spelling; removing the last returns to defaultOnly', () => {
    const s = commissionSnapshot({
      defaultRateBp: 1000,
      overrides: [{ scope: 'city', target: 'Beijing', rateBp: 1200 }],
    });
    const d = decideCommission(s, {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'BEIJING',
      rateBp: 900,
    });
    if (!d.accepted) throw new Error(d.message);
    expect(settingsOf(d.snapshot).overrides).toEqual([{ scope: 'city', target: 'Beijing', rateBp: 900 }]);
    const r = decideCommission(d.snapshot, {
      type: 'commission.removeOverride',
      scope: 'city',
      target: 'beijing',
    });
    expect(r.accepted && r.snapshot.value).toBe('defaultOnly');
  });

  it('stored events carry previous and new value and replay to the same event', () => {
    const before = settings;
    const set = toStoredCommissionEvent(
      { type: 'commission.setOverride', scope: 'city', target: 'beijing', rateBp: 900 },
      before,
    );
    expect(set).toEqual({
      type: 'CommissionOverrideSet',
      data: { scope: 'city', target: 'Beijing', previous_rate_bp: 1200, rate_bp: 900 },
    });
    expect(fromStoredCommissionEvent(set)).toEqual({
      type: 'commission.setOverride',
      scope: 'city',
      target: 'Beijing',
      rateBp: 900,
    });
    const def = toStoredCommissionEvent({ type: 'commission.setDefault', rateBp: 1100 }, before);
    expect(def.data).toEqual({ previous_rate_bp: 1000, rate_bp: 1100 });
    expect(fromStoredCommissionEvent(def)).toEqual({ type: 'commission.setDefault', rateBp: 1100 });
  });
});
