/**
 * Generates, for every exported `…Machine` in src/machines/**\/…Machine.ts:
 * - docs/statecharts/<machine id>.md: the machine's top doc comment, a Mermaid `stateDiagram-v2` (guards on the
 *   edges; drawn by src/views/statecharts/chart.ts, see there for how and why) and a table of every transition;
 * - docs/statecharts/README.md: the index;
 * - src/views/statecharts/catalog.generated.ts: the same charts and doc comments as data, for the console's
 *   /statecharts page (which draws them in the reader's language and theme).
 *
 *   npx tsx scripts/statecharts.ts          write them
 *   npx tsx scripts/statecharts.ts --check  exit 1 when a committed file is stale, missing or extra
 *
 * They are never edited by hand; tests/machines/statecharts.test.ts fails when they are stale, and
 * tests/e2e/statecharts.test.ts draws every diagram with Mermaid in Chromium.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AnyStateMachine } from 'xstate';
import { POLICY } from '../src/contract/policy';
import type { AnyLifecycle } from '../src/machines/lifecycles/lifecycle';
import { chartOf, chartStates, toMermaid, type Chart } from '../src/views/statecharts/chart';
import { docMarkdown, machineDoc } from '../src/views/statecharts/docComment';
import type { StatechartEntry } from '../src/views/statecharts/types';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = join(root, 'src/machines');
export const chartsDir = join(root, 'docs/statecharts');
export const catalogFile = join(root, 'src/views/statecharts/catalog.generated.ts');

interface FoundMachine {
  machine: AnyStateMachine;
  file: string;
}

function machineFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return /Machine\.ts$/.test(entry.name) ? [path] : [];
  });
}

export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  for (const file of machineFiles(machinesDir).sort()) {
    const mod = await import(pathToFileURL(file).href);
    for (const [name, value] of Object.entries(mod)) {
      const candidate = value as AnyStateMachine;
      if (name.endsWith('Machine') && candidate?.root && typeof candidate.transition === 'function') {
        found.push({ machine: candidate, file: relative(root, file).split('\\').join('/') });
      }
    }
  }
  return found.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}

/** Every lifecycle declared in src/machines/lifecycles/…Lifecycle.ts, by the id of its machine. */
async function findLifecycles(): Promise<Map<string, AnyLifecycle>> {
  const dir = join(machinesDir, 'lifecycles');
  const found = new Map<string, AnyLifecycle>();
  for (const file of readdirSync(dir).filter((f) => /Lifecycle\.ts$/.test(f))) {
    const mod = await import(pathToFileURL(join(dir, file)).href);
    for (const value of Object.values(mod)) {
      const candidate = value as AnyLifecycle;
      if (candidate?.factMachine && Array.isArray(candidate.commandTypes))
        found.set(candidate.machine.id, candidate);
    }
  }
  return found;
}

/** Who may send each of a lifecycle's commands (the policy table) and what it does. */
function commandTable(lifecycle: AnyLifecycle): string[] {
  const policy = POLICY as Record<string, readonly string[]>;
  const labels = lifecycle.actionLabels as Record<string, string>;
  return [
    'Commands (who may send each one comes from the policy table, `src/contract/policy.ts`; the server decides it',
    'with this machine and stores the facts named on the edges above):',
    '',
    '| command | who may send it | what it does |',
    '|---|---|---|',
    ...lifecycle.commandTypes.map((type) => {
      const roles = policy[type] ?? [];
      const who =
        roles.length === 0
          ? 'nobody directly (follows from another command)'
          : roles.map((r) => (r === 'system' ? 'system (the marketplace apps)' : r)).join(', ');
      const marked = roles.length === 1 && roles[0] === 'admin' ? '**admin only**' : who;
      return `| \`${type}\` | ${marked} | ${labels[type] ?? ''} |`;
    }),
    '',
  ];
}

/** A machine as the catalog holds it: its chart and its source file's top doc comment. */
export function entryOf({ machine, file }: FoundMachine): StatechartEntry {
  const path = join(root, file);
  const doc = machineDoc(existsSync(path) ? readFileSync(path, 'utf8') : '');
  return { id: machine.id, file, ...doc, chart: chartOf(machine) };
}

function transitionTable(chart: Chart): string[] {
  return chart.transitions.map((t) => {
    const to = t.targets.length ? t.targets.map((id) => `\`${id}\``).join(', ') : '(stays)';
    const event = t.eventless ? '(always)' : `\`${t.event}\``;
    const guard = t.guard ? `\`${t.guard.replace(/\|/g, '\\|')}\`` : '';
    const actions = (t.actions ?? []).map((a) => `\`${a}\``).join(', ');
    return `| \`${t.source}\` | ${event} | ${guard} | ${actions} | ${to} |`;
  });
}

export function renderMachine(entry: StatechartEntry, lifecycle?: AnyLifecycle): string {
  const states = chartStates(entry.chart).map(
    (s) => `\`${s.id}\`${s.type === 'parallel' ? ' (parallel)' : ''}`,
  );
  const doc = [docMarkdown(entry.description), docMarkdown(entry.invariants)].filter(Boolean);
  return [
    `# ${entry.id}`,
    '',
    `Generated from \`${entry.file}\` by \`scripts/statecharts.ts\`. Do not edit by hand.`,
    '',
    ...doc.flatMap((text) => [text, '']),
    '```mermaid',
    toMermaid(entry.chart),
    '```',
    '',
    `States: ${states.join(', ')}.`,
    '',
    ...(lifecycle ? commandTable(lifecycle) : []),
    '| from | event | guard | actions | to |',
    '|---|---|---|---|---|',
    ...transitionTable(entry.chart),
    '',
  ].join('\n');
}

const LEGEND = [
  'How to read the diagrams: a dashed box is a parallel region (one state of each region is active at the same',
  'time); a line inside a state box is a transition that stays in that state (`↻`: it leaves and re-enters it);',
  'the "any state" box holds the transitions every state takes; `[name]` is the guard that must allow the',
  'transition; `<actor> done` / `<actor> failed` end an invoked actor. The console draws the same diagrams, in',
  "the reader's language and theme, on the admin-only page `/statecharts`.",
];

async function renderCatalog(entries: StatechartEntry[]): Promise<string> {
  const text = [
    '// Generated by scripts/statecharts.ts from the machines in src/machines. Do not edit by hand.',
    "import type { StatechartEntry } from './types';",
    '',
    `export const statecharts: StatechartEntry[] = ${JSON.stringify(entries)};`,
    '',
  ].join('\n');
  const options = await resolveConfig(catalogFile);
  return format(text, { ...options, filepath: catalogFile });
}

/** Every generated file: path relative to the repository root → text. */
export async function renderAll(): Promise<Map<string, string>> {
  const machines = await findMachines();
  const lifecycles = await findLifecycles();
  const files = new Map<string, string>();
  const entries: StatechartEntry[] = [];
  const index = [
    '# Statecharts',
    '',
    'Generated by `scripts/statecharts.ts`; one page per machine.',
    '',
    ...LEGEND,
    '',
  ];
  index.push('| machine | source | states | transitions |', '|---|---|---|---|');
  for (const found of machines) {
    const entry = entryOf(found);
    const name = `docs/statecharts/${entry.id}.md`;
    if (files.has(name)) throw new Error(`two machines share the id "${entry.id}"`);
    files.set(name, renderMachine(entry, lifecycles.get(entry.id)));
    entries.push(entry);
    const states = chartStates(entry.chart).length;
    index.push(
      `| [${entry.id}](./${entry.id}.md) | \`${entry.file}\` | ${states} | ${entry.chart.transitions.length} |`,
    );
  }
  files.set('docs/statecharts/README.md', index.join('\n') + '\n');
  files.set(relative(root, catalogFile).split('\\').join('/'), await renderCatalog(entries));
  return files;
}

/** Generated files that differ from what the machines generate (stale, missing or extra). */
export async function staleCharts(): Promise<string[]> {
  const wanted = await renderAll();
  const present = existsSync(chartsDir)
    ? readdirSync(chartsDir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/statecharts/${f}`)
    : [];
  const stale = [...wanted].filter(([name, text]) => {
    const path = join(root, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== text;
  });
  return [...stale.map(([name]) => name), ...present.filter((name) => !wanted.has(name))];
}

async function main() {
  if (process.argv.includes('--check')) {
    const stale = await staleCharts();
    if (stale.length) {
      console.error(`Stale statecharts: ${stale.join(', ')}. Run: npx tsx scripts/statecharts.ts`);
      process.exit(1);
    }
    console.log('Statecharts are up to date.');
    return;
  }
  const files = await renderAll();
  mkdirSync(chartsDir, { recursive: true });
  for (const name of readdirSync(chartsDir)) {
    if (!files.has(`docs/statecharts/${name}`)) rmSync(join(chartsDir, name));
  }
  for (const [name, text] of files) writeFileSync(join(root, name), text);
  console.log(`Wrote ${files.size} files (docs/statecharts/ and the console's catalog).`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
