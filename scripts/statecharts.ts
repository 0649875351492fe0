/**
 * Generates docs/statecharts/<machine id>.md (a Mermaid stateDiagram-v2 with guards on the edges, plus a
 * table of every transition) for every exported `…Machine` in src/machines/**\/…Machine.ts, and an index.
 *
 *   npx tsx scripts/statecharts.ts          write the diagrams
 *   npx tsx scripts/statecharts.ts --check  exit 1 when a committed diagram is stale, missing or extra
 *
 * The diagrams are never edited by hand; tests/machines/statecharts.test.ts fails when they are stale.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { declaredStates, declaredTransitions, type DeclaredTransition } from './machineGraph';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = join(root, 'src/machines');
export const chartsDir = join(root, 'docs/statecharts');

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
        found.push({ machine: candidate, file: relative(root, file) });
      }
    }
  }
  return found.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}

const nodeName = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
const quote = (text: string) => text.replace(/"/g, "'").replace(/[:;]/g, ' ');

function edgeLabel(t: DeclaredTransition): string {
  const event = t.eventless
    ? 'always'
    : t.eventType.replace(/^xstate\.(done|error)\.actor\.(.*)$/, (_, kind, actor) =>
        kind === 'done' ? `${actor} done` : `${actor} failed`,
      );
  return quote(t.guard ? `${event} [${t.guard}]` : event);
}

function renderNode(node: AnyStateNode, indent: string, lines: string[]) {
  const children = (Object.values(node.states) as AnyStateNode[]).filter((c) => c.type !== 'history');
  const id = nodeName(node);
  lines.push(`${indent}state "${quote(node.key)}" as ${id}`);
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  if (!children.length) return;
  lines.push(`${indent}state ${id} {`);
  renderChildren(node, children, `${indent}  `, lines);
  lines.push(`${indent}}`);
}

function renderChildren(parent: AnyStateNode, children: AnyStateNode[], indent: string, lines: string[]) {
  if (parent.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      renderNode(child, indent, lines);
    });
    return;
  }
  const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${nodeName(initial)}`);
  for (const child of children) renderNode(child, indent, lines);
}

export function renderMachine({ machine, file }: FoundMachine): string {
  const lines: string[] = [];
  const topChildren = (Object.values(machine.root.states) as AnyStateNode[]).filter(
    (c) => c.type !== 'history',
  );
  renderChildren(machine.root, topChildren, '  ', lines);
  const transitions = declaredTransitions(machine);
  for (const t of transitions) {
    const from = t.source === machine.root ? null : nodeName(t.source);
    const targets = t.internal ? (from ? [from] : []) : t.targets.map(nodeName);
    for (const to of targets) if (from) lines.push(`  ${from} --> ${to} : ${edgeLabel(t)}`);
  }
  const table = transitions.map((t) => {
    const to = t.internal ? '(stays)' : t.targets.map((n) => `\`${n.id}\``).join(', ');
    const event = t.eventless ? '(always)' : `\`${t.eventType}\``;
    return `| \`${t.source.id}\` | ${event} | ${t.guard ? `\`${t.guard}\`` : ''} | ${to} |`;
  });
  const states = declaredStates(machine).map(
    (n) => `\`${n.id}\`${n.type === 'parallel' ? ' (parallel)' : ''}`,
  );
  return [
    `# ${machine.id}`,
    '',
    `Generated from \`${file}\` by \`scripts/statecharts.ts\`. Do not edit by hand.`,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...lines,
    '```',
    '',
    `States: ${states.join(', ')}.`,
    '',
    '| from | event | guard | to |',
    '|---|---|---|---|',
    ...table,
    '',
  ].join('\n');
}

export async function renderAll(): Promise<Map<string, string>> {
  const machines = await findMachines();
  const files = new Map<string, string>();
  const index = ['# Statecharts', '', 'Generated by `scripts/statecharts.ts`; one page per machine.', ''];
  index.push('| machine | source | states | transitions |', '|---|---|---|---|');
  for (const found of machines) {
    const id = found.machine.id;
    if (files.has(`${id}.md`)) throw new Error(`two machines share the id "${id}"`);
    files.set(`${id}.md`, renderMachine(found));
    const states = declaredStates(found.machine).length;
    const transitions = declaredTransitions(found.machine).length;
    index.push(`| [${id}](./${id}.md) | \`${found.file}\` | ${states} | ${transitions} |`);
  }
  files.set('README.md', index.join('\n') + '\n');
  return files;
}

/** Names of files that differ from what the machines generate (stale, missing or extra). */
export async function staleCharts(): Promise<string[]> {
  const wanted = await renderAll();
  const present = existsSync(chartsDir) ? readdirSync(chartsDir).filter((f) => f.endsWith('.md')) : [];
  const stale = [...wanted].filter(([name, text]) => {
    const path = join(chartsDir, name);
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
  for (const name of readdirSync(chartsDir)) if (!files.has(name)) rmSync(join(chartsDir, name));
  for (const [name, text] of files) writeFileSync(join(chartsDir, name), text);
  console.log(`Wrote ${files.size} files to docs/statecharts/.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
