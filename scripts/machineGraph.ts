/**
 * Reads an XState machine's declaration (states and transitions) and walks its reachable snapshots with the
 * graph utilities. Shared by the diagram generator (scripts/statecharts.ts) and the generated path tests
 * (tests/support/machinePaths.ts), so the diagrams and the tests speak of the same states and edges.
 *
 * We use `@xstate/graph` (the package the customer named) rather than the `xstate/graph` entry: both expose
 * the same `getAdjacencyMap`, and the separate package is the one the design card lists.
 */
import { getAdjacencyMap } from '@xstate/graph';
import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyEventObject,
} from 'xstate';

export interface DeclaredTransition {
  /** Stable key: source state id, event type and position among that event's candidates. */
  key: string;
  source: AnyStateNode;
  eventType: string;
  targets: AnyStateNode[];
  guard?: string;
  /** Eventless (`always`) transitions are listed but only reached through the states they lead to. */
  eventless: boolean;
  /** No target: runs actions (or re-enters nothing) while staying put. */
  internal: boolean;
}

/** Every state node below the root, depth first, in declaration order. History nodes are left out. */
export function declaredStates(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type === 'history') continue;
      out.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return out;
}

/** A readable name for a guard, spelling out xstate's and / or / not / stateIn combinators. */
export function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  const g = guard as { name?: string; type?: string; guards?: unknown[]; stateValue?: unknown };
  if (typeof guard === 'function' && g.guards) {
    const parts = g.guards.map((inner) => guardName(inner) ?? 'guard');
    if (g.name === 'not') return `!${parts[0]}`;
    return `(${parts.join(g.name === 'or' ? ' || ' : ' && ')})`;
  }
  if (typeof guard === 'function' && g.stateValue !== undefined) return `in ${JSON.stringify(g.stateValue)}`;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return g.type ?? 'guard';
}

export function declaredTransitions(machine: AnyStateMachine): DeclaredTransition[] {
  const out: DeclaredTransition[] = [];
  for (const source of [machine.root, ...declaredStates(machine)]) {
    for (const [eventType, defs] of source.transitions) {
      defs.forEach((def, i) => {
        out.push({
          key: `${source.id}|${eventType}|${i}`,
          source,
          eventType,
          targets: (def.target ?? []) as AnyStateNode[],
          guard: guardName(def.guard),
          eventless: false,
          internal: !def.target || def.target.length === 0,
        });
      });
    }
    source.always?.forEach((def, i) => {
      out.push({
        key: `${source.id}|always|${i}`,
        source,
        eventType: 'always',
        targets: (def.target ?? []) as AnyStateNode[],
        guard: guardName(def.guard),
        eventless: true,
        internal: !def.target || def.target.length === 0,
      });
    });
  }
  return out;
}

export interface WalkOptions {
  input?: unknown;
  /**
   * Concrete events to try in every snapshot (or a function of the snapshot). Event types not given here are
   * tried as a bare `{ type }`. Give `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events for invoked
   * actors, with the `output` / `error` the machine expects.
   */
  events?: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  /** Identifies snapshots that count as the same vertex; default: state value plus context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Upper bound on the number of vertices walked (keeps machines with growing context finite). */
  limit?: number;
}

export interface WalkStep {
  from: AnyMachineSnapshot;
  fromKey: string;
  event: AnyEventObject;
  to: AnyMachineSnapshot;
  toKey: string;
}

export interface Walk {
  initial: AnyMachineSnapshot;
  initialKey: string;
  steps: WalkStep[];
  /** Shortest event sequence from the initial snapshot to each vertex. */
  pathTo: Map<string, AnyEventObject[]>;
  /** One snapshot for each vertex. */
  snapshots: Map<string, AnyMachineSnapshot>;
}

const defaultSerialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });

function eventsFor(machine: AnyStateMachine, options: WalkOptions) {
  const declared = machine.root.events.filter((t: string) => t !== '*' && !t.startsWith('xstate.'));
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const given = typeof options.events === 'function' ? options.events(snapshot) : (options.events ?? []);
    const givenTypes = new Set(given.map((e) => e.type));
    const bare = declared.filter((t: string) => !givenTypes.has(t)).map((type: string) => ({ type }));
    // A bare event may lack what a guard reads; such an event is simply not one the walk can send.
    return [...given, ...bare.filter((event: AnyEventObject) => selectable(machine, snapshot, event))];
  };
}

function selectable(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  try {
    machine.getTransitionData(snapshot, event);
    return true;
  } catch {
    return false;
  }
}

export function walkMachine(machine: AnyStateMachine, options: WalkOptions = {}): Walk {
  const serialize = options.serializeState ?? defaultSerialize;
  const adjacency = getAdjacencyMap(machine, {
    input: options.input,
    events: eventsFor(machine, options),
    serializeState: (s) => serialize(s as AnyMachineSnapshot),
    limit: options.limit ?? 5000,
  });
  const [initial] = initialTransition(machine, options.input);
  const initialKey = serialize(initial);
  const steps: WalkStep[] = [];
  for (const [fromKey, vertex] of Object.entries(adjacency)) {
    const edges = Object.values(vertex.transitions) as Array<{ event: AnyEventObject; state: unknown }>;
    for (const { event, state } of edges) {
      const to = state as AnyMachineSnapshot;
      steps.push({ from: vertex.state as AnyMachineSnapshot, fromKey, event, to, toKey: serialize(to) });
    }
  }
  // Breadth-first from the initial vertex gives the shortest event sequence to each vertex.
  const outgoing = new Map<string, WalkStep[]>();
  for (const step of steps) outgoing.set(step.fromKey, [...(outgoing.get(step.fromKey) ?? []), step]);
  const pathTo = new Map<string, AnyEventObject[]>([[initialKey, []]]);
  const queue = [initialKey];
  while (queue.length) {
    const key = queue.shift()!;
    for (const step of outgoing.get(key) ?? []) {
      if (pathTo.has(step.toKey)) continue;
      pathTo.set(step.toKey, [...pathTo.get(key)!, step.event]);
      queue.push(step.toKey);
    }
  }
  const snapshots = new Map<string, AnyMachineSnapshot>([[initialKey, initial]]);
  for (const step of steps) snapshots.set(step.toKey, step.to);
  return { initial, initialKey, steps, pathTo, snapshots };
}

/** Replays events through the pure `transition` function: no actions run, no actors start. */
export function replay(
  machine: AnyStateMachine,
  events: AnyEventObject[],
  input?: unknown,
): AnyMachineSnapshot {
  let [snapshot] = initialTransition(machine, input);
  for (const event of events) [snapshot] = transition(machine, snapshot, event);
  return snapshot;
}

export function isActive(snapshot: AnyMachineSnapshot, node: AnyStateNode): boolean {
  return (snapshot._nodes as AnyStateNode[]).some((n) => n.id === node.id);
}

/** The declared transitions an event selects in a snapshot (guards evaluated). */
export function selectedTransitions(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
) {
  const chosen = machine.getTransitionData(snapshot, event);
  const keys: string[] = [];
  for (const def of chosen) {
    const defs = def.source.transitions.get(def.eventType) ?? [];
    keys.push(`${def.source.id}|${def.eventType}|${defs.indexOf(def)}`);
  }
  return keys;
}

export function describeEvents(events: AnyEventObject[]): string {
  return events.length ? events.map((e) => e.type).join(' → ') : '(initial)';
}
