import { describe, expect, it } from 'vitest';
import { and, assign, not, setup, stateIn } from 'xstate';
import {
  guardName,
  declaredStates,
  declaredTransitions,
  isActive,
  replay,
  selectedTransitions,
  walkMachine,
} from '../../scripts/machineGraph';

// A small fixture: a parallel region, a guarded transition with a payload, and a state nothing leads to.
const fixtureMachine = setup({
  types: {
    context: {} as { reason: string },
    events: {} as { type: 'doc.reject'; reason: string } | { type: 'doc.approve' },
  },
  guards: { hasReason: ({ event }) => event.type === 'doc.reject' && event.reason.trim() !== '' },
  actions: {
    keepReason: assign({ reason: ({ event }) => (event.type === 'doc.reject' ? event.reason : '') }),
  },
}).createMachine({
  id: 'fixture',
  type: 'parallel',
  context: { reason: '' },
  states: {
    audit: {
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'doc.approve': 'passed',
            'doc.reject': { guard: 'hasReason', target: 'rejected', actions: 'keepReason' },
          },
        },
        passed: {},
        rejected: {},
        orphan: {},
      },
    },
    display: { initial: 'hidden', states: { hidden: {} } },
  },
});

describe('machine graph', () => {
  it('lists every declared state and transition with its guard', () => {
    expect(declaredStates(fixtureMachine).map((n) => n.id)).toEqual([
      'fixture.audit',
      'fixture.audit.waiting',
      'fixture.audit.passed',
      'fixture.audit.rejected',
      'fixture.audit.orphan',
      'fixture.display',
      'fixture.display.hidden',
    ]);
    const reject = declaredTransitions(fixtureMachine).find((t) => t.eventType === 'doc.reject')!;
    expect(reject.guard).toBe('hasReason');
    expect(reject.targets.map((n) => n.id)).toEqual(['fixture.audit.rejected']);
  });

  it('walks only what the given events reach, and finds no path to an unreachable state', () => {
    const bare = walkMachine(fixtureMachine);
    const reached = [...bare.snapshots.values()];
    const rejected = fixtureMachine.getStateNodeById('fixture.audit.rejected');
    const orphan = fixtureMachine.getStateNodeById('fixture.audit.orphan');
    expect(reached.some((s) => isActive(s, rejected))).toBe(false); // bare reject has no reason
    const withReason = walkMachine(fixtureMachine, { events: [{ type: 'doc.reject', reason: 'blurry' }] });
    const all = [...withReason.snapshots.values()];
    expect(all.some((s) => isActive(s, rejected))).toBe(true);
    expect(all.some((s) => isActive(s, orphan))).toBe(false);
  });

  it('replays shortest paths through the pure transition function', () => {
    const walk = walkMachine(fixtureMachine, { events: [{ type: 'doc.reject', reason: 'blurry' }] });
    const key = [...walk.snapshots].find(([, s]) => s.context.reason === 'blurry')![0];
    const events = walk.pathTo.get(key)!;
    expect(events).toEqual([{ type: 'doc.reject', reason: 'blurry' }]);
    expect(replay(fixtureMachine, events).context.reason).toBe('blurry');
    expect(selectedTransitions(fixtureMachine, walk.initial, events[0])).toEqual([
      'fixture.audit.waiting|doc.reject|0',
    ]);
  });

  it('spells out combined guards', () => {
    expect(guardName(and(['hasReason', not('isServicing')]))).toBe('(hasReason && !isServicing)');
    expect(guardName(stateIn('#fixture.audit.passed'))).toBe('in "#fixture.audit.passed"');
    expect(guardName('hasReason')).toBe('hasReason');
    expect(guardName(undefined)).toBeUndefined();
  });
});
