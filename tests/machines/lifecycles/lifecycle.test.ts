import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import {
  UnreadableFact,
  allowed,
  decide,
  defineLifecycle,
  evolve,
  initialSnapshot,
  replay,
} from '../../../src/machines/lifecycles/lifecycle';

// The kit's core on a toy lifecycle: a counter that may be raised by at most `limit` at a time and may be
// frozen. `tightened` is the same lifecycle after a rule was tightened (a lower limit).

type Fact =
  | { type: 'Raised'; data: { by: number } }
  | { type: 'Frozen'; data: Record<string, never> }
  | { type: 'Reset'; data: Record<string, never> };

const counter = (limit: number) =>
  setup({
    types: { context: {} as { n: number }, events: {} as Fact },
    guards: {
      withinLimit: ({ event }) => event.type === 'Raised' && event.data.by > 0 && event.data.by <= limit,
      isLarge: ({ context }) => context.n >= 100,
    },
    actions: {
      raise: assign({ n: ({ context, event }) => context.n + (event.type === 'Raised' ? event.data.by : 0) }),
      clear: assign({ n: 0 }),
    },
  }).createMachine({
    id: 'counter',
    context: { n: 0 },
    initial: 'open',
    states: {
      open: {
        on: {
          Raised: { guard: 'withinLimit', actions: 'raise' },
          Frozen: 'frozen',
          // A routing guard: which target depends on the state, never refused.
          Reset: [{ guard: 'isLarge', target: 'frozen', actions: 'clear' }, { actions: 'clear' }],
        },
      },
      frozen: {},
    },
  });

type Command = { type: 'counter.raise'; by: number } | { type: 'counter.freeze' } | { type: 'counter.reset' };

const lifecycleWith = (limit: number) =>
  defineLifecycle<ReturnType<typeof counter>, Command, object>({
    name: 'counter',
    stream: 'counter',
    machine: counter(limit),
    createdFact: 'Created',
    start: () => initialSnapshot(counter(limit)),
    facts: {
      'counter.raise': (c) => [{ type: 'Raised', data: { by: c.by } }],
      'counter.freeze': () => [{ type: 'Frozen', data: {} }],
      'counter.reset': () => [{ type: 'Reset', data: {} }],
    },
    routingGuards: ['isLarge'],
    reasonPrefix: 'counter.reason',
    reasons: { tooMuch: 'that is more than the limit', frozen: 'it is frozen', notAllowed: 'no' },
    actionLabels: {
      'counter.raise': 'raise the counter',
      'counter.freeze': 'freeze it',
      'counter.reset': 'reset it',
    },
    describe: (s) => `${String(s.value)} at ${s.context.n}`,
    explain: (s) => (s.matches('frozen') ? 'frozen' : 'tooMuch'),
    refusalValues: () => ({ limit }),
    sample: (type) => (type === 'counter.raise' ? { type, by: 1 } : ({ type } as Command)),
  });

const loose = lifecycleWith(100);
const tightened = lifecycleWith(10);
const created = { type: 'Created', data: {} };

describe('the lifecycle kit', () => {
  it('decides by the machine’s guards and explains a refusal in words and values', () => {
    const s = loose.start({});
    const ok = decide(loose, s, { type: 'counter.raise', by: 50 });
    expect(ok.accepted && ok.facts).toEqual([{ type: 'Raised', data: { by: 50 } }]);
    expect(decide(tightened, s, { type: 'counter.raise', by: 50 })).toMatchObject({
      accepted: false,
      reasonKey: 'counter.reason.tooMuch',
      values: { limit: 10 },
      message: 'Cannot raise the counter while it is open at 0: that is more than the limit.',
    });
  });

  it('names the field of a refusal about the command’s own value, and does not blame the state for it', () => {
    const byField = { ...tightened, inputReasons: { tooMuch: 'by' } };
    const s = byField.start({});
    expect(decide(byField, s, { type: 'counter.raise', by: 50 })).toMatchObject({
      accepted: false,
      reasonKey: 'counter.reason.tooMuch',
      field: 'by',
      message: 'Cannot raise the counter: that is more than the limit.',
    });
    // A refusal for the state is not about a field, whatever the command carries.
    const frozen = evolve(byField, s, { type: 'Frozen', data: {} });
    const refused = decide(byField, frozen, { type: 'counter.raise', by: 5 });
    expect(refused).toMatchObject({ accepted: false, reasonKey: 'counter.reason.frozen' });
    expect(refused).not.toHaveProperty('field');
  });

  it('replays facts stored under a looser rule after the rule was tightened: evolve never refuses on a rule', () => {
    const log = [created, { type: 'Raised', data: { by: 60 } }, { type: 'Raised', data: { by: 50 } }];
    expect(replay(tightened, log).context.n).toBe(110);
    expect(replay(tightened, log).context.n).toBe(replay(loose, log).context.n);
  });

  it('keeps routing guards on replay: the same fact goes where the state says', () => {
    const small = replay(tightened, [
      created,
      { type: 'Raised', data: { by: 5 } },
      { type: 'Reset', data: {} },
    ]);
    expect(small.value).toBe('open');
    const large = replay(tightened, [
      created,
      { type: 'Raised', data: { by: 100 } },
      { type: 'Reset', data: {} },
    ]);
    expect(large.value).toBe('frozen');
  });

  it('throws on a fact no state of the machine takes (a log the machine cannot read), naming it', () => {
    const frozen = replay(loose, [created, { type: 'Frozen', data: {} }]);
    expect(() => evolve(loose, frozen, { type: 'Raised', data: { by: 1 } })).toThrow(UnreadableFact);
    expect(() => replay(loose, [{ type: 'Raised', data: { by: 1 } }])).toThrow(/must start with Created/);
  });

  it('answers allowed(action) from the policy table first, then the rules', () => {
    const s = loose.start({});
    // `counter.raise` is in no policy: nobody may, whatever the rules say.
    expect(allowed(loose, s, 'counter.raise', 'admin')).toEqual({ ok: false, reasonKey: 'policy.never' });
    // Without a role, the rules alone.
    expect(allowed(loose, s, 'counter.raise')).toEqual({ ok: true });
    expect(
      allowed(loose, replay(loose, [created, { type: 'Frozen', data: {} }]), 'counter.raise'),
    ).toMatchObject({
      ok: false,
      reasonKey: 'counter.reason.frozen',
    });
  });

  it('hands out snapshots on the rules machine, so they refuse what the rules refuse', () => {
    const evolved = evolve(tightened, tightened.start({}), { type: 'Raised', data: { by: 5 } });
    expect(evolved.can({ type: 'Raised', data: { by: 50 } })).toBe(false);
    expect(replay(tightened, [created]).can({ type: 'Raised', data: { by: 50 } })).toBe(false);
  });
});
