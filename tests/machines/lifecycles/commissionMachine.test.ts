import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { allowed, decide, evolve, start, type Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  commissionLifecycle,
  commissionSnapshot,
  settingsOf,
  type CommissionCommand,
  type CommissionSnapshot,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import {
  MAX_TARGET_LENGTH,
  commissionMachine,
  isValidTarget,
} from '../../../src/machines/lifecycles/commissionMachine';
import {
  commissionFor,
  formatPercent,
  isValidRateBp,
  parsePercent,
  type CommissionSettings,
} from '../../../src/machines/lifecycles/commissionRules';
import { formatFen, parseYuan } from '../../../src/machines/lifecycles/money';
import { describeLifecycleProperties, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const commands = (s: AnyMachineSnapshot): Command[] => [
  { type: 'commission.setDefault', rateBp: s.context.defaultRateBp === 1000 ? 1250 : 1000 },
  { type: 'commission.setDefault', rateBp: 10_001 },
  { type: 'commission.setOverride', scope: 'city', target: 'Beijing', rateBp: 800 },
  { type: 'commission.setOverride', scope: 'city', target: 'BEIJING', rateBp: 900 },
  { type: 'commission.setOverride', scope: 'project', target: '7', rateBp: 1500 },
  { type: 'commission.removeOverride', scope: 'city', target: 'beijing' },
  { type: 'commission.removeOverride', scope: 'project', target: '7' },
];

describeMachinePaths(commissionMachine, {
  input: { defaultRateBp: 1000, overrides: [] },
  events: walkFacts(commissionLifecycle, commands),
  serializeState: (s) => JSON.stringify([s.value, s.context]),
});

const settings: CommissionSettings = {
  defaultRateBp: 1000,
  overrides: [
    { scope: 'city', target: 'Beijing', rateBp: 1200 },
    { scope: 'project', target: '7', rateBp: 500 },
  ],
};
const decideOn = (s: CommissionSnapshot, c: CommissionCommand) => decide(commissionLifecycle, s, c);

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
    // Full-width, as a Chinese input method types it, as an amount is read.
    expect(parsePercent('１５')).toBe(1500);
    expect(parsePercent('１２．５')).toBe(1250);
    expect(parsePercent('－５')).toBeNull();
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
    const override = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'project',
      target: '7',
      rateBp: 500,
    });
    expect(!override.accepted && override.message).toBe(
      'Cannot set the commission override for project "7" (the override is 5.00%): the rate is unchanged.',
    );
    const fallback = decideOn(s, { type: 'commission.setDefault', rateBp: 1000 });
    expect(!fallback.accepted && fallback.message).toContain('(the default rate is 10.00%)');
  });

  it('refuses an unchanged default, an invalid rate, and removing a missing override', () => {
    const s = commissionSnapshot(settings);
    const same = decideOn(s, { type: 'commission.setDefault', rateBp: 1000 });
    expect(!same.accepted && same.reasonKey).toBe('system.commission.reason.unchanged');
    const invalid = decideOn(s, { type: 'commission.setDefault', rateBp: 10001 });
    expect(!invalid.accepted && invalid.reasonKey).toBe('system.commission.reason.invalidRate');
    const missing = decideOn(s, { type: 'commission.removeOverride', scope: 'city', target: 'Paris' });
    expect(!missing.accepted && missing.reasonKey).toBe('system.commission.reason.noSuchOverride');
    const badTarget = decideOn(s, {
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
    const d = decideOn(s, { type: 'commission.setOverride', scope: 'city', target: 'BEIJING', rateBp: 900 });
    if (!d.accepted) throw new Error(d.message);
    expect(settingsOf(d.snapshot).overrides).toEqual([{ scope: 'city', target: 'Beijing', rateBp: 900 }]);
    const r = decideOn(d.snapshot, { type: 'commission.removeOverride', scope: 'city', target: 'beijing' });
    expect(r.accepted && r.snapshot.value).toBe('defaultOnly');
  });

  it('stores the previous and the new value of every change', () => {
    const s = commissionSnapshot(settings);
    const set = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'beijing',
      rateBp: 900,
    });
    expect(set.accepted && set.facts).toEqual([
      {
        type: 'CommissionOverrideSet',
        data: { scope: 'city', target: 'Beijing', previous_rate_bp: 1200, rate_bp: 900 },
      },
    ]);
    const def = decideOn(s, { type: 'commission.setDefault', rateBp: 1100 });
    expect(def.accepted && def.facts[0].data).toEqual({ previous_rate_bp: 1000, rate_bp: 1100 });
  });
});

describe('commission lifecycle declaration', () => {
  it('a page with overrides is a snapshot with overrides, and reads back as the same settings', () => {
    const s = commissionSnapshot(settings);
    expect(s.value).toBe('withOverrides');
    expect(settingsOf(s)).toEqual(settings);
    const plain = commissionSnapshot({ defaultRateBp: 700, overrides: [] });
    expect(plain.value).toBe('defaultOnly');
    expect(settingsOf(plain)).toEqual({ defaultRateBp: 700, overrides: [] });
    expect(settingsOf(start(commissionLifecycle, {}) as CommissionSnapshot)).toEqual({
      defaultRateBp: 0,
      overrides: [],
    });
  });

  it('a new override is stored trimmed, with no previous rate, and with its cause only when it has one', () => {
    const s = commissionSnapshot(settings);
    const set = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'city',
      target: ' Shanghai ',
      rateBp: 800,
    });
    expect(set.accepted && set.facts).toEqual([
      {
        type: 'CommissionOverrideSet',
        data: { scope: 'city', target: 'Shanghai', previous_rate_bp: null, rate_bp: 800 },
      },
    ]);
    const cause = { projectDeleted: 9 };
    const caused = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'project',
      target: '9',
      rateBp: 300,
      cause,
    });
    expect(caused.accepted && caused.facts[0].data).toEqual({
      scope: 'project',
      target: '9',
      previous_rate_bp: null,
      rate_bp: 300,
      cause,
    });
  });

  it('a removal stores the override as it was spelled and its last rate, and its cause only when it has one', () => {
    const s = commissionSnapshot(settings);
    const removed = decideOn(s, { type: 'commission.removeOverride', scope: 'city', target: ' BEIJING ' });
    expect(removed.accepted && removed.facts).toEqual([
      {
        type: 'CommissionOverrideRemoved',
        data: { scope: 'city', target: 'Beijing', previous_rate_bp: 1200, rate_bp: null },
      },
    ]);
    const cause = { projectDeleted: 7 };
    const caused = decideOn(s, { type: 'commission.removeOverride', scope: 'project', target: '7', cause });
    expect(caused.accepted && caused.facts[0].data).toEqual({
      scope: 'project',
      target: '7',
      previous_rate_bp: 500,
      rate_bp: null,
      cause,
    });
  });

  it('a project override is found by its id with the spaces around it trimmed', () => {
    const s = commissionSnapshot(settings);
    const set = decideOn(s, { type: 'commission.setOverride', scope: 'project', target: ' 7 ', rateBp: 600 });
    expect(set.accepted && set.facts[0].data).toEqual({
      scope: 'project',
      target: '7',
      previous_rate_bp: 500,
      rate_bp: 600,
    });
    const removed = decideOn(s, { type: 'commission.removeOverride', scope: 'project', target: ' 7 ' });
    expect(removed.accepted && removed.facts[0].data).toEqual({
      scope: 'project',
      target: '7',
      previous_rate_bp: 500,
      rate_bp: null,
    });
    const invalid = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'project',
      target: ' 7 ',
      rateBp: -1,
    });
    expect(!invalid.accepted && invalid.message).toBe(
      'Cannot set the commission override for project " 7 " (the override is 5.00%): a rate is a percentage from 0 to 100 with at most two decimals.',
    );
  });

  it('a refusal names the change refused', () => {
    const s = commissionSnapshot(settings);
    const same = decideOn(s, { type: 'commission.setDefault', rateBp: 1000 });
    expect(!same.accepted && same.message).toBe(
      'Cannot change the default commission rate (the default rate is 10.00%): the rate is unchanged.',
    );
    const missing = decideOn(s, { type: 'commission.removeOverride', scope: 'city', target: 'Paris' });
    expect(!missing.accepted && missing.message).toBe(
      'Cannot remove the commission override for city "Paris" (the default rate is 10.00%): there is no such override.',
    );
  });

  it('names why an override is refused, and the rate it is about', () => {
    const s = commissionSnapshot(settings);
    const tooHigh = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'Beijing',
      rateBp: 10_001,
    });
    expect(tooHigh).toMatchObject({ accepted: false, reasonKey: 'system.commission.reason.invalidRate' });
    expect(!tooHigh.accepted && tooHigh.message).toContain('(the override is 12.00%)');
    const unchanged = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'city',
      target: ' beijing ',
      rateBp: 1200,
    });
    expect(unchanged).toMatchObject({ accepted: false, reasonKey: 'system.commission.reason.unchanged' });
    const missing = decideOn(s, { type: 'commission.removeOverride', scope: 'city', target: 'Paris' });
    expect(!missing.accepted && missing.message).toContain('(the default rate is 10.00%)');
  });

  it('asks "is it possible now?" with a change that really changes something', () => {
    const can = (s: CommissionSnapshot, type: CommissionCommand['type']) =>
      allowed(commissionLifecycle, s, type);
    for (const defaultRateBp of [0, 1, 1000]) {
      const s = commissionSnapshot({ defaultRateBp, overrides: [] });
      expect(can(s, 'commission.setDefault'), String(defaultRateBp)).toEqual({ ok: true });
      expect(can(s, 'commission.setOverride')).toEqual({ ok: true });
      expect(can(s, 'commission.removeOverride')).toEqual({
        ok: false,
        reasonKey: 'system.commission.reason.noSuchOverride',
      });
    }
    expect(can(commissionSnapshot(settings), 'commission.removeOverride')).toEqual({ ok: true });
  });
});

describe('commission overrides: targets, scopes, and one override changed at a time', () => {
  it('a project override names a project id: 1 to 9 digits, not starting with 0, spaces around it ignored', () => {
    for (const ok of ['7', ' 7 ', '10', '123456789']) expect(isValidTarget('project', ok), ok).toBe(true);
    for (const bad of ['0', '07', '1234567890', '7a', 'a7', '-7', '7.0', '', ' '])
      expect(isValidTarget('project', bad), bad).toBe(false);
  });

  it('a city override names a city of 1 to the maximum characters once trimmed', () => {
    const longest = 'c'.repeat(MAX_TARGET_LENGTH);
    for (const ok of ['Beijing', 'x', longest, `  ${longest} `]) expect(isValidTarget('city', ok)).toBe(true);
    for (const bad of ['', '   ', `${longest}c`]) expect(isValidTarget('city', bad), bad).toBe(false);
  });

  it('a target that is not text is no target, in either scope', () => {
    for (const scope of ['project', 'city'] as const)
      for (const bad of [7, null, undefined, ['7'], { id: 7 }])
        expect(isValidTarget(scope, bad), `${scope} ${JSON.stringify(bad)}`).toBe(false);
  });

  it('a city named like a project id is another override than that project’s', () => {
    const s = commissionSnapshot(settings);
    const city = decideOn(s, { type: 'commission.setOverride', scope: 'city', target: '7', rateBp: 900 });
    expect(city.accepted && city.facts[0].data).toEqual({
      scope: 'city',
      target: '7',
      previous_rate_bp: null,
      rate_bp: 900,
    });
    expect(city.accepted && settingsOf(city.snapshot).overrides).toEqual([
      ...settings.overrides,
      { scope: 'city', target: '7', rateBp: 900 },
    ]);
    const missing = decideOn(s, { type: 'commission.removeOverride', scope: 'city', target: '7' });
    expect(!missing.accepted && missing.reasonKey).toBe('system.commission.reason.noSuchOverride');
  });

  it('changing or removing one override leaves the others as they were', () => {
    const s = commissionSnapshot(settings);
    const changed = decideOn(s, {
      type: 'commission.setOverride',
      scope: 'project',
      target: '7',
      rateBp: 600,
    });
    expect(changed.accepted && settingsOf(changed.snapshot).overrides).toEqual([
      { scope: 'city', target: 'Beijing', rateBp: 1200 },
      { scope: 'project', target: '7', rateBp: 600 },
    ]);
    const removed = decideOn(s, { type: 'commission.removeOverride', scope: 'city', target: 'beijing' });
    if (!removed.accepted) throw new Error(removed.message);
    expect(removed.snapshot.value).toBe('withOverrides');
    expect(settingsOf(removed.snapshot)).toEqual({
      defaultRateBp: 1000,
      overrides: [{ scope: 'project', target: '7', rateBp: 500 }],
    });
  });

  it('a stored change naming an override untrimmed or in another case replays onto that override', () => {
    // Facts stored by an older version, or typed into the log by hand: replay matches them as the rules do.
    const s = commissionSnapshot(settings);
    const set = evolve(commissionLifecycle, s, {
      type: 'CommissionOverrideSet',
      data: { scope: 'city', target: ' BEIJING ', previous_rate_bp: 1200, rate_bp: 900 },
    });
    expect(settingsOf(set).overrides).toEqual([
      { scope: 'city', target: 'Beijing', rateBp: 900 },
      { scope: 'project', target: '7', rateBp: 500 },
    ]);
    const added = evolve(commissionLifecycle, s, {
      type: 'CommissionOverrideSet',
      data: { scope: 'city', target: ' Shanghai ', previous_rate_bp: null, rate_bp: 800 },
    });
    expect(settingsOf(added).overrides.at(-1)).toEqual({ scope: 'city', target: 'Shanghai', rateBp: 800 });
    const removed = evolve(commissionLifecycle, s, {
      type: 'CommissionOverrideRemoved',
      data: { scope: 'project', target: ' 7 ', previous_rate_bp: 500, rate_bp: null },
    });
    expect(settingsOf(removed).overrides).toEqual([{ scope: 'city', target: 'Beijing', rateBp: 1200 }]);
    const last = evolve(commissionLifecycle, removed, {
      type: 'CommissionOverrideRemoved',
      data: { scope: 'city', target: 'beijing ', previous_rate_bp: 1200, rate_bp: null },
    });
    expect(last.value).toBe('defaultOnly');
    expect(settingsOf(last).overrides).toEqual([]);
  });

  it('the rules judge a change as stored: untrimmed or in another case, it is the same override', () => {
    const s = commissionSnapshot(settings);
    const set = (target: string, rate_bp: number) =>
      s.can({
        type: 'CommissionOverrideSet',
        data: { scope: 'city', target, previous_rate_bp: 1200, rate_bp },
      });
    expect(set(' BEIJING ', 1200)).toBe(false);
    expect(set(' BEIJING ', 1300)).toBe(true);
    const project = (target: string, rate_bp: number) =>
      s.can({
        type: 'CommissionOverrideSet',
        data: { scope: 'project', target, previous_rate_bp: 500, rate_bp },
      });
    expect(project(' 7 ', 500)).toBe(false);
    expect(project(' 7 ', 600)).toBe(true);
    const remove = (scope: 'city' | 'project', target: string) =>
      s.can({
        type: 'CommissionOverrideRemoved',
        data: { scope, target, previous_rate_bp: null, rate_bp: null },
      });
    expect(remove('project', ' 7 ')).toBe(true);
    expect(remove('city', ' beijing ')).toBe(true);
    expect(remove('city', ' Paris ')).toBe(false);
  });
});

describeLifecycleProperties({
  lifecycle: commissionLifecycle,
  creation: {},
  commands,
  invariants: (snapshot) => {
    const { defaultRateBp, overrides } = settingsOf(snapshot as CommissionSnapshot);
    expect(isValidRateBp(defaultRateBp)).toBe(true);
    for (const o of overrides) expect(isValidRateBp(o.rateBp)).toBe(true);
    // at most one override per (scope, target), cities compared case-insensitively
    const keys = overrides.map((o) => `${o.scope}:${o.scope === 'city' ? o.target.toLowerCase() : o.target}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(snapshot.value).toBe(overrides.length ? 'withOverrides' : 'defaultOnly');
  },
  seen: {
    overridden: (s) => settingsOf(s as CommissionSnapshot).overrides.length === 2,
    cleared: (s) => s.value === 'defaultOnly' && (s as CommissionSnapshot).context.defaultRateBp !== 0,
  },
});
