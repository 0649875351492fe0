/**
 * Generated path tests for a machine: one test per declared state ("reaches <state> via <events>") and one per
 * declared transition ("takes <transition> via <events>"). Each test replays the shortest event sequence the
 * graph walk found through the pure `transition` function and checks the machine really is where the
 * declaration says. A state or transition the walk never reaches fails its test, so a machine cannot grow an
 * unreachable corner (or lose a path) without a red test.
 *
 * Usage, in tests/machines/<area>/<name>.test.ts:
 *   describeMachinePaths(sessionMachine, { events: [...concrete events...] });
 * Options as in scripts/machineGraph.ts (`WalkOptions`); `skip` lists state ids or transition keys that are
 * deliberately not walked here, each with the reason (tested elsewhere, e.g. driven by a real actor).
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  declaredStates,
  declaredTransitions,
  describeEvents,
  isActive,
  replay,
  selectedTransitions,
  walkMachine,
  type WalkOptions,
} from '../../scripts/machineGraph';

export interface MachinePathOptions extends WalkOptions {
  /** state id or transition key → why it is not walked here. */
  skip?: Record<string, string>;
}

export function describeMachinePaths(machine: AnyStateMachine, options: MachinePathOptions = {}) {
  // The walk runs inside the tests (once, on first use), so a machine that breaks it fails tests rather than
  // the file's collection (which a mutation run would not count as a failure).
  let walked: ReturnType<typeof walkMachine> | undefined;
  const walkOnce = () => (walked ??= walkMachine(machine, options));
  // The test that walks first takes the walk's time: the list screen's (6,400 states) is 13 s alone, and over 30 s
  // on a box busy with other tests.
  const WALK_MS = 120_000;
  const skip = options.skip ?? {};

  describe(`${machine.id}: every state is reachable`, () => {
    for (const node of declaredStates(machine)) {
      if (skip[node.id]) continue;
      it(
        `reaches ${node.id}`,
        () => {
          const walk = walkOnce();
          const reached = [...walk.pathTo.entries()].find(([key]) =>
            isActive(walk.snapshots.get(key)!, node),
          );
          const events = reached?.[1];
          expect(events, `no walked path reaches ${node.id}`).toBeDefined();
          const snapshot = replay(machine, events!, options.input);
          expect(
            isActive(snapshot, node),
            `replaying ${describeEvents(events!)} does not end in ${node.id}`,
          ).toBe(true);
        },
        WALK_MS,
      );
    }
  });

  describe(`${machine.id}: every transition is taken`, () => {
    for (const t of declaredTransitions(machine)) {
      if (skip[t.key] || t.eventless) continue;
      const label = `${t.source.id} —${t.eventType}${t.guard ? ` [${t.guard}]` : ''}→ ${
        t.internal ? '(stays)' : t.targets.map((n) => n.id).join(', ')
      }`;
      it(`takes ${label}`, () => {
        const walk = walkOnce();
        const step = walk.steps.find(
          (s) =>
            s.event.type === t.eventType &&
            walk.pathTo.has(s.fromKey) &&
            selectedTransitions(machine, s.from, s.event).includes(t.key),
        );
        const events = step ? [...walk.pathTo.get(step.fromKey)!, step.event] : undefined;
        expect(step, `no walked step takes ${t.key}`).toBeDefined();
        const before = replay(machine, events!.slice(0, -1), options.input);
        expect(selectedTransitions(machine, before, step!.event)).toContain(t.key);
        const after = replay(machine, events!, options.input);
        for (const target of t.targets)
          expect(isActive(after, target), `${describeEvents(events!)} does not end in ${target.id}`).toBe(
            true,
          );
      });
    }
  });

  const eventless = declaredTransitions(machine).filter((x) => x.eventless && !skip[x.key]);
  // vitest fails an empty suite: only declare it when the machine has eventless transitions.
  if (eventless.length === 0) return;
  describe(`${machine.id}: eventless transitions lead somewhere reachable`, () => {
    for (const t of eventless) {
      it(`reaches the target of ${t.key}`, () => {
        const snapshots = [...walkOnce().snapshots.values()];
        for (const target of t.targets) expect(snapshots.some((s) => isActive(s, target))).toBe(true);
      });
    }
  });
}
