import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { mayRole, policyReason } from '../../contract/policy';

/**
 * The entity kit's pure core: how every lifecycle decides and evolves, in one place.
 *
 * A lifecycle machine takes **facts** as its events: the past-tense events the log stores (`SupplierApproved`,
 * with `data` and an optional `reason`). Its guards are the rules. From it the kit derives:
 * - `decide(lifecycle, snapshot, command)`: the command's facts (from the lifecycle's `facts` declaration), each
 *   checked by the machine's guards in turn; accepted facts, or a refusal naming why (an i18n key under the
 *   lifecycle's `reasonPrefix` plus an English message);
 * - `evolve(lifecycle, snapshot, fact)`: the same machine with its rule guards switched off, so a stored fact is
 *   replayed as the fact it is, even after a rule was tightened. Only guards that choose between targets
 *   (`routingGuards`, which read nothing but the fact and the context) still run. A fact that no state of the
 *   machine takes is a log the machine cannot read (a structural change, not a rule): that throws;
 * - `allowed(lifecycle, snapshot, commandType, role)`: what a button asks (policy first, then the rules).
 *
 * Nothing here knows an entity: a new one declares its machine, the facts of each command, and the words.
 */

/** A stored event: what the log holds and what a lifecycle machine takes. */
export interface Fact<TType extends string = string, TData extends object = Record<string, unknown>> {
  type: TType;
  data: TData;
  /** The person's reason, where the fact has one (a rejection): stored in its own column. */
  reason?: string | null;
}

/** An imperative request (`supplier.approve`), with its own fields. */
export interface Command {
  type: string;
  [field: string]: unknown;
}

/**
 * Why a command is refused: a reason name (an i18n key under the lifecycle's prefix) and its English text; `field`
 * when the reason is one of the command's own values (the lifecycle's `inputReasons`), not the record's state.
 */
export interface Refusal {
  reason: string;
  message: string;
  field?: string;
}

export interface LifecycleSpec<
  TMachine extends AnyStateMachine,
  TCommand extends Command,
  TCreated extends object = Record<string, unknown>,
> {
  /** The entity's name: the prefix of its commands and policy actions (`supplier.approve`, `supplier.read`). */
  name: string;
  /** The stream type its facts are stored under in the log: `supplier`, `service_city`. */
  stream: string;
  machine: TMachine;
  /**
   * The fact that starts a stream (`SupplierRegistered`); its data is the machine's start. `null` for a singleton
   * (the commission settings): its one stream starts from `start({})` and every fact is evolved.
   */
  createdFact: string | null;
  /** The snapshot a creation fact stands for. */
  start: (data: TCreated) => SnapshotFrom<TMachine>;
  /** Each command's facts, computed from the snapshot (e.g. only the fields that really change). */
  facts: {
    [K in TCommand['type']]: (
      command: Extract<TCommand, { type: K }>,
      snapshot: SnapshotFrom<TMachine>,
    ) => Fact[];
  };
  /** Guards that only choose a target (they read the fact and the context); evolve keeps them. */
  routingGuards?: readonly string[];
  /** i18n prefix of the refusal reasons: `supply.reason`. */
  reasonPrefix: string;
  /** English texts of the refusal reasons, by name. */
  reasons: Record<string, string>;
  /**
   * The reasons that are about a value the command carries (an empty reason, a zero amount) rather than the state:
   * the command field each names. The API answers them as bad input (400, the field named), not as a conflict.
   */
  inputReasons?: Record<string, string>;
  /** What each command does, in English, for messages: 'approve this supplier'. */
  actionLabels: Record<TCommand['type'], string>;
  /** The state in English words for messages: 'waiting for audit, enabled'. */
  describe: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Why the machine refuses `command` now (called only when it does); a name from `reasons`. */
  explain: (snapshot: SnapshotFrom<TMachine>, command: TCommand) => string;
  /** Values a refusal's text is filled in with (`{ count }` suppliers in a city), for both languages. */
  refusalValues?: (snapshot: SnapshotFrom<TMachine>, command: TCommand) => Record<string, string | number>;
  /**
   * The English refusal, where "Cannot <action> while it is <state>: <reason>." says less than it could;
   * `undefined` leaves a refusal the kit's words.
   */
  refusalMessage?: (snapshot: SnapshotFrom<TMachine>, command: TCommand) => string | undefined;
  /** A representative command for asking "is this possible now?" before its payload is typed. */
  sample: (type: TCommand['type'], snapshot: SnapshotFrom<TMachine>) => TCommand;
  /**
   * For a lifecycle whose state follows the clock (an activity: scheduled, running, ended): the same record at time
   * `now` (ISO). Whoever loads a record gives it the time; a replay knows none.
   */
  at?: (snapshot: SnapshotFrom<TMachine>, now: string) => SnapshotFrom<TMachine>;
}

export interface Lifecycle<
  TMachine extends AnyStateMachine = AnyStateMachine,
  TCommand extends Command = Command,
  TCreated extends object = Record<string, unknown>,
> extends LifecycleSpec<TMachine, TCommand, TCreated> {
  /** The machine with its rule guards switched off: what `evolve` runs. */
  factMachine: TMachine;
  commandTypes: readonly TCommand['type'][];
}

/** Builds a lifecycle from its declaration (derives the fact machine and the command list). */
export function defineLifecycle<
  TMachine extends AnyStateMachine,
  TCommand extends Command,
  TCreated extends object = Record<string, unknown>,
>(spec: LifecycleSpec<TMachine, TCommand, TCreated>): Lifecycle<TMachine, TCommand, TCreated> {
  const keep = new Set(spec.routingGuards ?? []);
  const guards = (spec.machine.implementations.guards ?? {}) as Record<string, unknown>;
  const rulesOff = Object.fromEntries(
    Object.keys(guards)
      .filter((name) => !keep.has(name))
      .map((name) => [name, () => true]),
  );
  return {
    ...spec,
    factMachine: spec.machine.provide({ guards: rulesOff }) as TMachine,
    commandTypes: Object.keys(spec.facts) as TCommand['type'][],
  };
}

/** Any lifecycle, as the kit's functions take it (entities keep their precise types in their own modules). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLifecycle = Lifecycle<AnyStateMachine, any, any>;

/** The same state on another machine (the rule machine or the fact machine). */
function on<S extends AnyMachineSnapshot>(machine: AnyStateMachine, snapshot: S): S {
  if (snapshot.machine === machine) return snapshot;
  return machine.resolveState({ value: snapshot.value, context: snapshot.context }) as S;
}

/** The snapshot for the creation fact's data. */
export function start(lifecycle: AnyLifecycle, data: object): AnyMachineSnapshot {
  return lifecycle.start(data as never) as AnyMachineSnapshot;
}

/** The machine's initial snapshot for `input` (for lifecycles whose start is the machine's own initial state). */
export function initialSnapshot<M extends AnyStateMachine>(machine: M, input?: unknown): SnapshotFrom<M> {
  return machine.getInitialSnapshot(inertScope(machine), input) as SnapshotFrom<M>;
}

export class UnreadableFact extends Error {
  constructor(lifecycle: string, fact: Fact, state: unknown) {
    super(
      `The ${lifecycle} lifecycle takes no ${fact.type} in state ${JSON.stringify(state)}: ` +
        'the log and the machine disagree (a state was removed or renamed without migrating the log).',
    );
    this.name = 'UnreadableFact';
  }
}

/**
 * An inert actor scope per machine, made once. xstate's pure `transition()` builds a throwaway actor for every
 * call, and that actor computes the machine's initial state (its context without input, which throws and is
 * caught): most of the time of a replay. Lifecycle machines only assign and guard, so nothing is executed from
 * the scope; the snapshots are the same.
 */
const scopes = new WeakMap<AnyStateMachine, Parameters<AnyStateMachine['transition']>[2]>();
function inertScope(machine: AnyStateMachine) {
  let scope = scopes.get(machine);
  if (!scope) {
    const self = createActor(machine);
    scope = {
      self,
      system: self.system,
      id: '',
      sessionId: '',
      logger: () => {},
      defer: () => {},
      emit: () => {},
      stopChild: () => {},
      actionExecutor: () => {},
    } as Parameters<AnyStateMachine['transition']>[2];
    scopes.set(machine, scope);
  }
  return scope;
}

/** One fact on the fact machine (rules off); the snapshot it returns lives on the fact machine. */
function step<S extends AnyMachineSnapshot>(lifecycle: AnyLifecycle, snapshot: S, fact: Fact): S {
  const current = on(lifecycle.factMachine, snapshot);
  const machine = lifecycle.factMachine;
  const next = machine.transition(current, fact as never, inertScope(machine));
  if (next === current) throw new UnreadableFact(lifecycle.name, fact, current.value);
  return next as S;
}

/**
 * Applies a stored fact. Never refuses on a rule; throws only when no state of the machine takes the fact. The
 * snapshot it returns is on the lifecycle's (rules) machine, like every snapshot the kit hands out.
 */
export function evolve<S extends AnyMachineSnapshot>(lifecycle: AnyLifecycle, snapshot: S, fact: Fact): S {
  return on(lifecycle.machine, step(lifecycle, snapshot, fact));
}

/** Replays a stream: the creation fact, then every other fact through `evolve`. */
export function replay(lifecycle: AnyLifecycle, facts: readonly Fact[]): AnyMachineSnapshot {
  // Stays on the fact machine fact after fact, and comes back to the rules machine once.
  if (lifecycle.createdFact === null) {
    return on(
      lifecycle.machine,
      facts.reduce((s, fact) => step(lifecycle, s, fact), start(lifecycle, {})),
    );
  }
  const [created, ...rest] = facts;
  if (created?.type !== lifecycle.createdFact) {
    throw new Error(`A ${lifecycle.name} stream must start with ${lifecycle.createdFact}.`);
  }
  return on(
    lifecycle.machine,
    rest.reduce((s, fact) => step(lifecycle, s, fact), start(lifecycle, created.data)),
  );
}

export type Decision<S> =
  | { accepted: true; facts: Fact[]; snapshot: S }
  | ({ accepted: false; reasonKey: string; values?: Record<string, string | number> } & Refusal);

/**
 * Decides a command: its facts, each taken by the machine's rules in turn (a command may store several facts,
 * each judged on the state the previous one left). The resulting snapshot is the facts evolved.
 */
export function decide<S extends AnyMachineSnapshot>(
  lifecycle: AnyLifecycle,
  snapshot: S,
  command: Command,
): Decision<S> {
  const rules = on(lifecycle.machine, snapshot);
  const judged = judge(lifecycle, rules, command, true);
  return judged.accepted ? { accepted: true, facts: judged.facts, snapshot: judged.last } : judged;
}

/**
 * The rules' verdict on a command: each of its facts must be taken by the machine's rules on the state the previous
 * one left. `evolveLast` also applies the last fact (what `decide` returns); a verdict alone does not need it, and
 * applying a fact costs a whole transition (a page of rows asks several verdicts per row).
 */
function judge<S extends AnyMachineSnapshot>(
  lifecycle: AnyLifecycle,
  rules: S,
  command: Command,
  evolveLast: boolean,
): { accepted: true; facts: Fact[]; last: S } | Extract<Decision<S>, { accepted: false }> {
  const make = (lifecycle.facts as Record<string, (command: Command, snapshot: S) => Fact[]>)[command.type];
  if (!make) throw new Error(`${command.type} is not a ${lifecycle.name} command.`);
  const facts = make(command, rules);
  if (facts.length === 0) return refuse(lifecycle, rules, command);
  let state = rules;
  for (const [i, fact] of facts.entries()) {
    if (!state.can(fact as never)) return refuse(lifecycle, rules, command);
    if (evolveLast || i < facts.length - 1) state = evolve(lifecycle, state, fact);
  }
  return { accepted: true, facts, last: state };
}

function refuse<S extends AnyMachineSnapshot>(
  lifecycle: AnyLifecycle,
  snapshot: S,
  command: Command,
): Extract<Decision<S>, { accepted: false }> {
  const reason = lifecycle.explain(snapshot as never, command as never);
  const label = (lifecycle.actionLabels as Record<string, string>)[command.type];
  const text = lifecycle.reasons[reason] ?? lifecycle.reasons.notAllowed ?? 'it is not possible now';
  const values = lifecycle.refusalValues?.(snapshot as never, command as never);
  // A value of the command's own is wrong whatever the state: the message does not blame the state.
  const field = lifecycle.inputReasons?.[reason];
  return {
    accepted: false,
    reason,
    reasonKey: `${lifecycle.reasonPrefix}.${reason}`,
    ...(values ? { values } : {}),
    ...(field ? { field } : {}),
    message:
      lifecycle.refusalMessage?.(snapshot as never, command as never) ??
      (field
        ? `Cannot ${label}: ${text}.`
        : `Cannot ${label} while it is ${lifecycle.describe(snapshot as never)}: ${text}.`),
  };
}

/**
 * What a button asks: `{ ok: true }`, or why not as an i18n key (`policy.*` or the lifecycle's reason)
 * with the values to fill it in.
 */
export type Allowed =
  { ok: true } | { ok: false; reasonKey: string; values?: Record<string, string | number> };

/**
 * Whether `role` may send a command of `type` to this record now: the policy table first, then the rules, with
 * the payload assumed valid (`sample`). `role` undefined skips the policy (the rules alone).
 */
export function allowed(
  lifecycle: AnyLifecycle,
  snapshot: AnyMachineSnapshot,
  type: string,
  role?: string | null,
): Allowed {
  if (role !== undefined && !mayRole(role, type)) return { ok: false, reasonKey: policyReason(type) };
  const rules = on(lifecycle.machine, snapshot);
  const decision = judge(lifecycle, rules, lifecycle.sample(type as never, rules), false);
  if (decision.accepted) return { ok: true };
  return {
    ok: false,
    reasonKey: decision.reasonKey,
    ...(decision.values ? { values: decision.values } : {}),
  };
}
