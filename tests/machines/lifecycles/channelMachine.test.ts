import { describe, expect, it } from 'vitest';
import { POLICY, ROLES, policyReason } from '../../../src/contract/policy';
import {
  CHANNEL_CREATED,
  channelLifecycle,
  channelStateOf,
  utcDay,
  type ChannelCommand,
  type ChannelSnapshot,
} from '../../../src/machines/lifecycles/channelLifecycle';
import { channelMachine, type ChannelContext } from '../../../src/machines/lifecycles/channelMachine';
import {
  allowed,
  decide,
  defineLifecycle,
  evolve,
  replay,
  type Command,
  type Fact,
} from '../../../src/machines/lifecycles/lifecycle';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const creation: ChannelContext = {
  name: '春季家政节',
  channelType: 'app',
  promoteFrom: '2026-03-01',
  promoteTo: '2026-03-31',
  promoteLink: 'http://example.com/spring',
  adSource: 'Banner',
  adMedia: 'App',
  keywords: ['cleaning'],
  adContent: 'Spring cleaning at 20% off.',
};

const off = { type: 'channel.takeOffline' } as ChannelCommand;
const on = (today: string) => ({ type: 'channel.bringOnline', today }) as ChannelCommand;

const dayAfter = (day: string) =>
  day ? new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10) : '0000-01-01';
// Back on the promotion's last day (accepted) and the day after (refused), and on days well inside and after it.
const commands = (s: { context: ChannelContext }): Command[] => [
  off,
  on(s.context.promoteTo),
  on(dayAfter(s.context.promoteTo)),
  on('2026-02-01'),
  on('2026-04-01'),
];

describeMachinePaths(channelMachine, { events: walkFacts(channelLifecycle, commands) });

const given = (...cs: ChannelCommand[]) => givenIn(channelLifecycle, creation, ...cs) as ChannelSnapshot;
const refusal = (s: ChannelSnapshot, c: ChannelCommand) => {
  const d = decide(channelLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('channel.reason.', '');
};

describe('channel lifecycle', () => {
  it('a channel starts online and goes offline and back', () => {
    expect(channelStateOf(given())).toBe('online');
    expect(channelStateOf(given(off))).toBe('offline');
    expect(channelStateOf(given(off, on('2026-03-10')))).toBe('online');
  });

  it('only an online channel is taken offline, only an offline one brought online', () => {
    expect(refusal(given(off), off)).toBe('notAllowed');
    expect(refusal(given(), on('2026-03-10'))).toBe('notAllowed');
  });

  it('an ended promotion stays offline: its last day is the last day it may come back', () => {
    expect(refusal(given(off), on('2026-03-31'))).toBe('accepted');
    expect(refusal(given(off), on('2026-04-01'))).toBe('ended');
    expect(refusal(given(off), on('2026-02-01'))).toBe('accepted');
  });

  it('bringing online names the day it was judged on; without one, today in UTC', () => {
    const d = decide(channelLifecycle, given(off), on('2026-03-05'));
    expect(d.accepted && d.facts).toEqual([{ type: 'ChannelBroughtOnline', data: { today: '2026-03-05' } }]);
    const current = givenIn(channelLifecycle, { ...creation, promoteTo: '2999-12-31' }, off);
    const plain = decide(channelLifecycle, current, { type: 'channel.bringOnline' });
    expect(plain.accepted && plain.facts[0]!.data).toEqual({ today: utcDay() });
    expect(utcDay(new Date('2026-03-05T23:30:00-08:00'))).toBe('2026-03-06');
  });

  it('what a button asks: the policy, then the rules (today decides whether an ended promotion may return)', () => {
    const current = { ...creation, promoteTo: '2999-12-31' };
    const offline = givenIn(channelLifecycle, current, off);
    expect(allowed(channelLifecycle, offline, 'channel.bringOnline', 'admin')).toEqual({ ok: true });
    expect(allowed(channelLifecycle, offline, 'channel.bringOnline', 'user')).toEqual({
      ok: false,
      reasonKey: policyReason('channel.bringOnline'),
    });
    const ended = givenIn(channelLifecycle, { ...creation, promoteTo: '2000-01-01' }, off);
    expect(allowed(channelLifecycle, ended, 'channel.bringOnline', 'admin')).toMatchObject({
      ok: false,
      reasonKey: 'channel.reason.ended',
    });
  });

  it('every command is in the policy, admins only; staff read', () => {
    for (const type of channelLifecycle.commandTypes) {
      expect(POLICY[type as keyof typeof POLICY]).toEqual(['admin']);
    }
    expect(POLICY['channel.read']).toEqual(['admin', 'user']);
    expect(ROLES).toContain('user');
  });

  it('a replay re-judges nothing: facts stored under a looser rule still rebuild the same state', () => {
    const log: Fact[] = [
      { type: 'ChannelTakenOffline', data: {} },
      // Stored when the rule let an ended promotion back online.
      { type: 'ChannelBroughtOnline', data: { today: '2030-01-01' } },
    ];
    const rebuilt = replay(channelLifecycle, [{ type: CHANNEL_CREATED, data: { ...creation } }, ...log]);
    expect(rebuilt.value).toBe('online');
    const strict = defineLifecycle({ ...channelLifecycle });
    expect(log.reduce((s, f) => evolve(strict, s, f), given()).value).toBe('online');
  });

  describeLifecycleProperties({
    lifecycle: channelLifecycle,
    creation,
    commands: commands as (s: unknown) => Command[],
    invariants: (snapshot, log) => {
      const s = snapshot as ChannelSnapshot;
      const last = log.at(-1);
      expect(channelStateOf(s)).toBe(last?.type === 'ChannelTakenOffline' ? 'offline' : 'online');
      expect(s.context).toEqual(creation);
      // Every return happened on a day the promotion had not ended.
      for (const f of log) {
        if (f.type === 'ChannelBroughtOnline') expect(String(f.data.today) <= creation.promoteTo).toBe(true);
      }
    },
    seen: {
      offline: (s) => channelStateOf(s as ChannelSnapshot) === 'offline',
      backOnline: (s) => channelStateOf(s as ChannelSnapshot) === 'online',
    },
    runs: 200,
    maxSteps: 12,
  });
});
