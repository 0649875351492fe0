/**
 * Testing a lifecycle of the entity kit (src/machines/lifecycles/lifecycle.ts) the same way for every entity:
 * - `given`: a snapshot after commands (each must be accepted), for given/when/then examples;
 * - `walkFacts`: the machine's events (stored facts) a walk of the graph tries from a snapshot, made from the
 *   commands worth trying there, for the generated path tests;
 * - `describeLifecycleProperties`: random command sequences (fast-check): after every step the invariants hold,
 *   the facts decided evolve to what the rule machine itself reaches, a refused command changes nothing, and
 *   replaying all the stored facts gives back the live snapshot.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot } from 'xstate';
import {
  decide,
  evolve,
  replay,
  start,
  type AnyLifecycle,
  type Command,
  type Fact,
} from '../../src/machines/lifecycles/lifecycle';

export function given(lifecycle: AnyLifecycle, creation: object, ...commands: Command[]): AnyMachineSnapshot {
  let snapshot = start(lifecycle, creation);
  for (const command of commands) {
    const decision = decide(lifecycle, snapshot, command);
    if (!decision.accepted) throw new Error(`given: ${command.type} refused: ${decision.message}`);
    snapshot = decision.facts.reduce((s, f) => evolve(lifecycle, s, f), snapshot);
  }
  return snapshot;
}

/** The facts a walk tries from `snapshot`: those the commands would store (accepted or not, the guards judge). */
export function walkFacts(lifecycle: AnyLifecycle, commands: (s: AnyMachineSnapshot) => Command[]) {
  return (snapshot: AnyMachineSnapshot): Fact[] =>
    commands(snapshot).flatMap((c) =>
      (lifecycle.facts as Record<string, (c: Command, s: AnyMachineSnapshot) => Fact[]>)[c.type](c, snapshot),
    );
}

const comparable = (s: AnyMachineSnapshot) => ({ value: s.value, context: s.context });

export interface PropertyOptions {
  lifecycle: AnyLifecycle;
  creation: object;
  /** The commands worth trying on a snapshot (valid and invalid alike). */
  commands: (snapshot: AnyMachineSnapshot) => Command[];
  /** Throws (expect) when an invariant does not hold; `log` is every fact stored so far (after the creation). */
  invariants: (snapshot: AnyMachineSnapshot, log: readonly Fact[]) => void;
  /** Predicates that must each be true on some step of some run, so the invariants are not vacuous. */
  seen?: Record<string, (snapshot: AnyMachineSnapshot) => boolean>;
  runs?: number;
  maxSteps?: number;
}

export function describeLifecycleProperties(options: PropertyOptions) {
  const { lifecycle, creation, commands, invariants, runs = 600, maxSteps = 40 } = options;
  const seen = new Set<string>();

  it(`${lifecycle.name}: over random command sequences the invariants hold after every step, and a replay of the log gives the live state`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.noBias(fc.nat({ max: 100_000 })), { maxLength: maxSteps, size: 'max' }),
        (choices) => {
          let live = start(lifecycle, creation);
          const log: Fact[] = [];
          invariants(live, log);
          for (const choice of choices) {
            const candidates = commands(live);
            const command = candidates[choice % candidates.length];
            const decision = decide(lifecycle, live, command);
            if (!decision.accepted) {
              // A refusal explains itself and changes nothing.
              expect(decision.reasonKey.startsWith(`${lifecycle.reasonPrefix}.`)).toBe(true);
              continue;
            }
            let next = live;
            for (const fact of decision.facts) {
              // The rules machine takes the fact, and evolve (rules off) lands where the rules machine does.
              const ruled = transition(
                lifecycle.machine,
                lifecycle.machine.resolveState(comparable(next)),
                fact as never,
              )[0];
              next = evolve(lifecycle, next, fact);
              expect(comparable(next)).toEqual(comparable(ruled));
            }
            expect(comparable(next)).toEqual(comparable(decision.snapshot));
            live = next;
            log.push(...decision.facts);
            invariants(live, log);
            for (const [name, test] of Object.entries(options.seen ?? {})) if (test(live)) seen.add(name);
          }
          const created: Fact[] = lifecycle.createdFact
            ? [{ type: lifecycle.createdFact, data: creation as Record<string, unknown> }]
            : [];
          expect(comparable(replay(lifecycle, [...created, ...log]))).toEqual(comparable(live));
        },
      ),
      // A fixed seed: the same sequences on every run (a failure names its counterexample to replay).
      // `npm run mutate` reruns this for every planted bug, with fewer sequences (MUTATION_RUNS) to keep it minutes.
      { numRuns: Math.min(runs, Number(process.env.MUTATION_RUNS ?? runs)), seed: 20261123 },
    );
    for (const name of Object.keys(options.seen ?? {}))
      expect(seen, `no run reached: ${name}`).toContain(name);
  });
}
