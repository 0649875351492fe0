/**
 * A statechart as plain data, and its Mermaid text. Generic over any XState machine: `chartOf` reads only the
 * declaration (`machine.root`: state nodes, their types and initial states, the `transitions` map, `always`,
 * guard names), never a particular machine. The diagram generator (scripts/statecharts.ts) writes charts into
 * docs/statecharts/ and into catalog.generated.ts; the console draws them with the same `toMermaid`.
 *
 * How a chart is drawn, and why (Mermaid 11 `stateDiagram-v2`, dagre layout):
 * - Parallel regions are composite states with a dashed border (class `region`), not Mermaid's `--` separator:
 *   `--` is accepted only inside a composite, and even there Mermaid's layout crashes ("Cannot set properties
 *   of undefined (setting 'rank')") when a composite state inside a region is the end of a transition
 *   (mermaid-js/mermaid#4052) — which is the supplier's `passed` state. A parallel root is wrapped in one
 *   composite named after the machine, so the whole machine is one box.
 * - A transition that stays in its state (no target, or its own state again) is written inside the state box
 *   (UML's internal transitions; `↻` when the state is exited and re-entered) instead of a self-loop: loops pile
 *   their labels on top of each other. A composite state (which has no text compartment) lists them under its
 *   name (a note would be placed by the layout far from its state).
 * - Transitions declared on the root apply in every state: they leave from an "any state" box.
 * - Several transitions between the same two states share one arrow, one event per line, the guard on a line of
 *   its own (Mermaid wraps long labels itself, and then lays them out as if they had one line).
 * - Left to right by default (see `direction`).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The XState state node id (`supplier.audit.waitingAudit`). */
  id: string;
  /** The key in its parent (`waitingAudit`); the machine id for the root. */
  key: string;
  type: ChartStateType;
  /** Id of the initial child of a compound state. */
  initial?: string;
  children: ChartState[];
}

export interface ChartTransition {
  /** Id of the state that declares the transition. */
  source: string;
  /** The event type as the machine declares it; `always` for eventless transitions. */
  event: string;
  eventless: boolean;
  /** Target state ids; empty when the transition stays in its state without leaving it. */
  targets: string[];
  guard?: string;
  /** Names of the actions the transition runs (assignments, raised events). */
  actions?: string[];
}

export interface Chart {
  id: string;
  root: ChartState;
  transitions: ChartTransition[];
}

const typeOf = (node: AnyStateNode): ChartStateType => node.type as ChartStateType;

function stateOf(node: AnyStateNode): ChartState {
  const children = (Object.values(node.states) as AnyStateNode[]).map(stateOf);
  const initial =
    node.type === 'compound' ? (node.initial?.target?.[0] as AnyStateNode | undefined) : undefined;
  return {
    id: node.id,
    key: node.key,
    type: typeOf(node),
    ...(initial ? { initial: initial.id } : {}),
    children,
  };
}

/** The names of a transition's actions (an inline function is named by xstate's action type or "inline"). */
function actionsOf(actions: unknown): { actions?: string[] } {
  const names = ((actions ?? []) as unknown[])
    .map((a) => {
      if (typeof a === 'string') return a;
      const named = a as { type?: string; name?: string };
      if (typeof named.type === 'string' && !named.type.startsWith('xstate.')) return named.type;
      if (typeof a === 'function' && named.name && !/^(assign|raise|sendTo|enqueueActions)$/.test(named.name))
        return named.name;
      return named.type?.replace(/^xstate\./, '') ?? 'inline';
    })
    .filter(Boolean);
  return names.length ? { actions: names } : {};
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
  if (typeof guard === 'function' && g.stateValue !== undefined) return `in ${stateValueText(g.stateValue)}`;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return g.type ?? 'guard';
}

function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value.replace(/^#/, '');
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}.${stateValueText(v)}`)
      .join(', ');
  }
  return String(value);
}

/** The declared statechart of any XState machine: every state (history included) and every transition. */
export function chartOf(machine: AnyStateMachine): Chart {
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [event, defs] of node.transitions) {
      for (const def of defs) {
        transitions.push({
          source: node.id,
          event,
          eventless: false,
          targets: ((def.target ?? []) as AnyStateNode[]).map((t) => t.id),
          ...(def.guard ? { guard: guardName(def.guard) } : {}),
          ...actionsOf(def.actions),
        });
      }
    }
    for (const def of node.always ?? []) {
      transitions.push({
        source: node.id,
        event: 'always',
        eventless: true,
        targets: ((def.target ?? []) as AnyStateNode[]).map((t) => t.id),
        ...(def.guard ? { guard: guardName(def.guard) } : {}),
        ...actionsOf(def.actions),
      });
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return { id: machine.id, root: stateOf(machine.root), transitions };
}

/** Every state below the root, depth first in declaration order (history states left out). */
export function chartStates(chart: Chart): ChartState[] {
  const out: ChartState[] = [];
  const visit = (state: ChartState) => {
    for (const child of state.children) {
      if (child.type === 'history') continue;
      out.push(child);
      visit(child);
    }
  };
  visit(chart.root);
  return out;
}

/** `waitingAudit` → "waiting audit", `loadFailed` → "load failed": a state key as staff read it. */
export function humanize(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** An event as the diagram shows it: invoked actors' done/error events and delays spelled out. */
export function eventLabel(event: string): string {
  if (event === 'always') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'done' : 'failed'}`;
  const state = /^xstate\.done\.state\.(.+)$/.exec(event);
  if (state) return `${state[1]} done`;
  // `xstate.after.<delay>.<state id>`: the state id says nothing the arrow does not already say.
  const after = /^xstate\.after\.([^.]+)\./.exec(event);
  if (after) return `after ${/^\d+$/.test(after[1]!) ? `${after[1]} ms` : after[1]}`;
  return event;
}

/**
 * A transition as the diagram labels it: `event [guard]`. An eventless transition is labelled by its guard alone
 * (UML's completion transition), and `[else]` when it is the unguarded fallback after guarded ones.
 */
export function transitionLabel(t: ChartTransition, fallback = false): string {
  if (t.eventless) return t.guard ? `[${t.guard}]` : fallback ? '[else]' : 'always';
  const event = eventLabel(t.event);
  return t.guard ? `${event} [${t.guard}]` : event;
}

/**
 * The ids of the states a state value makes active (the root included), e.g. `{ audit: 'waitingAudit',
 * enablement: 'enabled' }` → `supplier`, `supplier.audit`, `supplier.audit.waitingAudit`, …
 */
export function activeStateIds(chart: Chart, value: unknown): string[] {
  const out: string[] = [chart.root.id];
  const visit = (state: ChartState, v: unknown) => {
    if (typeof v === 'string') {
      const child = state.children.find((c) => c.key === v);
      if (child) out.push(child.id);
      return;
    }
    if (!v || typeof v !== 'object') return;
    for (const [key, inner] of Object.entries(v as Record<string, unknown>)) {
      const child = state.children.find((c) => c.key === key);
      if (!child) continue;
      out.push(child.id);
      visit(child, inner);
    }
  };
  visit(chart.root, value);
  return out;
}

/** The ids of the states active when the machine starts: initial children and every region, the root included. */
export function initialStateIds(chart: Chart): string[] {
  const out: string[] = [];
  const enter = (state: ChartState) => {
    out.push(state.id);
    if (state.type === 'parallel') state.children.filter((c) => c.type !== 'history').forEach(enter);
    const initial = state.initial && state.children.find((c) => c.id === state.initial);
    if (state.type === 'compound' && initial) enter(initial);
  };
  enter(chart.root);
  return out;
}

export interface MermaidOptions {
  /** The label of a state box; default: the humanized key. */
  stateLabel?: (state: ChartState) => string;
  /** The label of the box for transitions declared on the root. */
  anyStateLabel?: string;
  /** State ids to highlight (a record's current states). */
  active?: readonly string[];
  /**
   * Layout direction; default `LR`. Left to right, Mermaid's layout puts the labels of two transitions between
   * the same states beside each other; top to bottom it piles them up (measured on every machine).
   */
  direction?: 'LR' | 'TB';
}

/** Colours readable on Mermaid's default and dark themes alike (Blueprint's blue). */
const CLASS_DEFS = [
  'classDef region stroke-dasharray:6 4',
  'classDef anyState fill:none,stroke-dasharray:2 3',
  'classDef active fill:#2d72d2,stroke:#184a90,color:#ffffff,font-weight:bold',
  'classDef activeGroup stroke:#2d72d2,stroke-width:3px',
  'classDef activeRegion stroke:#2d72d2,stroke-width:3px,stroke-dasharray:6 4',
];

/** Text Mermaid takes inside a quoted label or a transition label: no quotes, colons, braces. */
function clean(text: string): string {
  return text
    .replace(/"/g, "'")
    .replace(/[:;]/g, ' ')
    .replace(/[{]/g, '(')
    .replace(/[}]/g, ')')
    .replace(/#/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Mermaid state diagram text (`stateDiagram-v2`) for a chart. */
export function toMermaid(chart: Chart, options: MermaidOptions = {}): string {
  const label = options.stateLabel ?? ((s: ChartState) => humanize(s.key));
  const byId = new Map<string, ChartState>();
  const parentOf = new Map<string, ChartState>();
  const index = (state: ChartState) => {
    byId.set(state.id, state);
    for (const child of state.children) {
      parentOf.set(child.id, state);
      index(child);
    }
  };
  index(chart.root);

  // Mermaid ids: the state id with anything but letters, digits and `_` replaced, made unique.
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of byId.keys()) {
    const base = id.replace(/[^A-Za-z0-9_]/g, '_');
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    names.set(id, name);
  }
  const anyName = (() => {
    let name = `${names.get(chart.root.id)}__any`;
    while (taken.has(name)) name += '_';
    return name;
  })();

  // A history target is drawn as its parent state (the one history returns into).
  const drawnTarget = (id: string) => {
    const state = byId.get(id);
    return state?.type === 'history' ? (parentOf.get(id)?.id ?? id) : id;
  };
  const isHistory = (id: string) => byId.get(id)?.type === 'history';

  const rootIsParallel = chart.root.type === 'parallel';
  const inside = new Map<string, string[]>(); // state id → transitions that stay in it
  const edges = new Map<string, { from: string; to: string; labels: string[] }>();
  const anyLines: string[] = [];
  const addEdge = (from: string, to: string, text: string) => {
    const key = `${from}\u0000${to}`;
    const edge = edges.get(key) ?? { from, to, labels: [] };
    if (!edge.labels.includes(text)) edge.labels.push(text);
    edges.set(key, edge);
  };
  chart.transitions.forEach((t, i) => {
    const guardedBefore = chart.transitions
      .slice(0, i)
      .some((o) => o.source === t.source && o.event === t.event && o.guard);
    const text = clean(transitionLabel(t, guardedBefore));
    const fromRoot = t.source === chart.root.id;
    if (t.targets.length === 0) {
      if (fromRoot) anyLines.push(text);
      else inside.set(t.source, [...(inside.get(t.source) ?? []), text]);
      return;
    }
    for (const rawTarget of t.targets) {
      const target = drawnTarget(rawTarget);
      const targetText = isHistory(rawTarget) ? `${text} (history)` : text;
      if (fromRoot) {
        addEdge(anyName, names.get(target)!, targetText);
      } else if (target === t.source) {
        inside.set(t.source, [...(inside.get(t.source) ?? []), `${targetText} ↻`]);
      } else {
        addEdge(names.get(t.source)!, names.get(target)!, targetText);
      }
    }
  });

  const lines: string[] = ['stateDiagram-v2', `  direction ${options.direction ?? 'LR'}`];
  const classes = new Map<string, string[]>();
  const active = new Set(options.active ?? []);
  const classify = (state: ChartState, parent: ChartState | undefined) => {
    const region = parent?.type === 'parallel';
    const group = state.children.some((c) => c.type !== 'history');
    let cls: string | undefined;
    if (active.has(state.id)) cls = region ? 'activeRegion' : group ? 'activeGroup' : 'active';
    else if (region) cls = 'region';
    if (cls) classes.set(cls, [...(classes.get(cls) ?? []), names.get(state.id)!]);
  };

  const renderState = (state: ChartState, parent: ChartState, indent: string) => {
    const name = names.get(state.id)!;
    const children = state.children.filter((c) => c.type !== 'history');
    const text = clean(label(state)) || name;
    classify(state, parent);
    if (!children.length) {
      lines.push(`${indent}state "${text}" as ${name}`);
      for (const line of inside.get(state.id) ?? []) lines.push(`${indent}${name} : ${line}`);
    } else {
      const title = [text, ...(inside.get(state.id) ?? [])].join('<br/>');
      lines.push(`${indent}state "${title}" as ${name} {`);
      renderChildren(state, children, `${indent}  `);
      lines.push(`${indent}}`);
    }
    if (state.type === 'final') lines.push(`${indent}${name} --> [*]`);
  };
  const renderChildren = (parent: ChartState, children: ChartState[], indent: string) => {
    if (parent.initial) lines.push(`${indent}[*] --> ${names.get(parent.initial)}`);
    for (const child of children) renderState(child, parent, indent);
  };

  const topChildren = chart.root.children.filter((c) => c.type !== 'history');
  if (rootIsParallel) {
    const name = names.get(chart.root.id)!;
    lines.push(`  [*] --> ${name}`);
    lines.push(`  state "${clean(label(chart.root)) || name}" as ${name} {`);
    for (const child of topChildren) renderState(child, chart.root, '    ');
    lines.push('  }');
    if (active.has(chart.root.id)) classes.set('activeGroup', [...(classes.get('activeGroup') ?? []), name]);
  } else {
    renderChildren(chart.root, topChildren, '  ');
  }
  const anyEdges = [...edges.values()].some((e) => e.from === anyName);
  if (anyLines.length || anyEdges) {
    lines.push(`  state "${clean(options.anyStateLabel ?? 'any state')}" as ${anyName}`);
    for (const line of anyLines) lines.push(`  ${anyName} : ${line}`);
    classes.set('anyState', [anyName]);
  }
  for (const edge of edges.values()) {
    const text = edge.labels.map((l) => l.replace(/ \[/, '<br/>[')).join('<br/>');
    lines.push(`  ${edge.from} --> ${edge.to} : ${text}`);
  }
  const used = CLASS_DEFS.filter((def) => classes.has(def.split(' ')[1]!));
  if (used.length) {
    lines.push(...used.map((def) => `  ${def}`));
    for (const [cls, ids] of classes) lines.push(`  class ${ids.join(',')} ${cls}`);
  }
  return lines.join('\n');
}
