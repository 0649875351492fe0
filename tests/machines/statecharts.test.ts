import { describe, expect, it } from 'vitest';
import { and, not, setup, stateIn } from 'xstate';
import { declaredStates, declaredTransitions } from '../../scripts/machineGraph';
import { entryOf, findMachines, renderMachine, staleCharts } from '../../scripts/statecharts';
import {
  activeStateIds,
  chartOf,
  chartStates,
  eventLabel,
  guardName,
  humanize,
  toMermaid,
} from '@/views/statecharts/chart';
import { docLines, docMarkdown, machineDoc } from '@/views/statecharts/docComment';
import { statecharts } from '@/views/statecharts/catalog.generated';

it('committed diagrams and the console catalog match the machines (run `npm run statecharts` when not)', async () => {
  expect(await staleCharts()).toEqual([]);
});

// A parallel root, a nested parallel state that is the end of transitions (what Mermaid's `--` cannot draw),
// guards of every kind, transitions that stay, re-enter, leave from the root, or return through history.
const fixtureMachine = setup({
  types: { events: {} as { type: string; reason?: string } },
  guards: {
    hasReason: ({ event }) => Boolean(event.reason),
    notBusy: () => true,
  },
}).createMachine({
  id: 'fixture',
  type: 'parallel',
  on: { 'doc.rank': { guard: 'notBusy' } },
  states: {
    audit: {
      initial: 'waitingAudit',
      on: { 'doc.reset': '.waitingAudit' },
      states: {
        waitingAudit: {
          on: {
            'doc.approve': 'passed',
            'doc.reject': { guard: 'hasReason', target: 'rejected' },
            'doc.edit': { guard: 'hasReason' },
            'doc.touch': { target: 'waitingAudit', reenter: true },
          },
        },
        passed: {
          type: 'parallel',
          on: {
            'doc.reject': { guard: and(['hasReason', not('notBusy')]), target: 'rejected' },
            'doc.note': {},
          },
          states: {
            service: { initial: 'resting', states: { resting: { on: { 'doc.go': 'busy' } }, busy: {} } },
            display: {
              initial: 'hidden',
              states: {
                hidden: { on: { 'doc.show': { guard: stateIn('#fixture.enablement.on'), target: 'shown' } } },
                shown: { on: { 'doc.hide': 'hidden', 'doc.hide2': 'hidden' } },
              },
            },
          },
        },
        rejected: { on: { 'doc.resubmit': 'waitingAudit', 'doc.back': 'history' } },
        history: { type: 'history' },
        archived: { type: 'final' },
      },
    },
    enablement: {
      initial: 'on',
      states: { on: { on: { 'doc.off': 'off' } }, off: { always: [{ guard: 'notBusy', target: 'on' }] } },
    },
  },
});

describe('chart of a machine', () => {
  it('holds the same states and transitions the path tests walk, for every machine', async () => {
    for (const { machine } of await findMachines()) {
      const chart = chartOf(machine);
      expect(chartStates(chart).map((s) => s.id)).toEqual(declaredStates(machine).map((n) => n.id));
      const declared = declaredTransitions(machine).map((t) => ({
        source: t.source.id,
        event: t.eventType,
        targets: t.targets.map((n) => n.id),
        guard: t.guard,
      }));
      expect(
        chart.transitions.map(({ source, event, targets, guard }) => ({ source, event, targets, guard })),
      ).toEqual(declared);
    }
  });

  it('names guards, including combinators and stateIn', () => {
    expect(guardName(and(['hasReason', not('isServicing')]))).toBe('(hasReason && !isServicing)');
    expect(guardName(stateIn('#supplier.enablement.enabled'))).toBe('in supplier.enablement.enabled');
    expect(guardName(stateIn({ audit: 'passed' }))).toBe('in audit.passed');
    expect(guardName(undefined)).toBeUndefined();
  });

  it('turns state keys into words and actor or delay events into readable labels', () => {
    expect(humanize('waitingAudit')).toBe('waiting audit');
    expect(humanize('loadFailed')).toBe('load failed');
    expect(humanize('bulkSummary')).toBe('bulk summary');
    expect(humanize('idle')).toBe('idle');
    expect(humanize('HTTPError')).toBe('http error');
    expect(eventLabel('xstate.done.actor.fetchList')).toBe('fetchList done');
    expect(eventLabel('xstate.error.actor.fetchList')).toBe('fetchList failed');
    expect(eventLabel('xstate.after.speed.routeGuard.progress.finishing')).toBe('after speed');
    expect(eventLabel('xstate.after.800.x.y')).toBe('after 800 ms');
    expect(eventLabel('supplier.approve')).toBe('supplier.approve');
  });

  it('finds the active state ids of a state value', () => {
    const chart = chartOf(fixtureMachine);
    expect(
      activeStateIds(chart, { audit: { passed: { service: 'busy', display: 'shown' } }, enablement: 'on' }),
    ).toEqual([
      'fixture',
      'fixture.audit',
      'fixture.audit.passed',
      'fixture.audit.passed.service',
      'fixture.audit.passed.service.busy',
      'fixture.audit.passed.display',
      'fixture.audit.passed.display.shown',
      'fixture.enablement',
      'fixture.enablement.on',
    ]);
  });
});

describe('Mermaid text', () => {
  const text = toMermaid(chartOf(fixtureMachine));

  it('draws parallel regions as dashed composites inside one box for the machine, never with `--`', () => {
    expect(text.split('\n').some((l) => l.trim() === '--')).toBe(false);
    expect(text).toContain('state "fixture" as fixture {');
    expect(text).toContain('  [*] --> fixture\n');
    expect(text).toMatch(/state "enablement" as fixture_enablement \{\n\s+\[\*\] --> fixture_enablement_on/);
    expect(text).toMatch(/class [\w,]*fixture_audit_passed_service[\w,]* region/);
    expect(text).toMatch(/class [\w,]*fixture_enablement[\w,]* region/);
  });

  it('labels states by their words, transitions by event and guard, one arrow per pair of states', () => {
    expect(text).toContain('state "waiting audit" as fixture_audit_waitingAudit');
    expect(text).toContain(
      'fixture_audit_waitingAudit --> fixture_audit_rejected : doc.reject<br/>[hasReason]',
    );
    expect(text).toContain(
      'fixture_audit_passed --> fixture_audit_rejected : doc.reject<br/>[(hasReason && !notBusy)]',
    );
    expect(text).toContain(
      'fixture_audit_passed_display_shown --> fixture_audit_passed_display_hidden : doc.hide<br/>doc.hide2',
    );
    expect(text).toContain(
      'fixture_audit_passed_display_hidden --> fixture_audit_passed_display_shown : doc.show<br/>[in fixture.enablement.on]',
    );
    expect(text).toContain('fixture_enablement_off --> fixture_enablement_on : [notBusy]');
  });

  it('writes transitions that stay inside their state, and root transitions in an "any state" box', () => {
    expect(text).toContain('fixture_audit_waitingAudit : doc.edit [hasReason]');
    expect(text).toContain('fixture_audit_waitingAudit : doc.touch ↻');
    expect(text).toContain('state "passed<br/>doc.note" as fixture_audit_passed {');
    expect(text).toContain('state "any state" as fixture__any');
    expect(text).toContain('fixture__any : doc.rank [notBusy]');
    expect(text).not.toMatch(/^\s*(\w+) --> \1 /m);
    // Declared on `audit` and targeting its child: an arrow from the region's box.
    expect(text).toContain('fixture_audit --> fixture_audit_waitingAudit : doc.reset');
  });

  it('draws a return through history to the state history belongs to, and final states', () => {
    expect(text).toContain('fixture_audit_rejected --> fixture_audit : doc.back (history)');
    expect(text).toContain('fixture_audit_archived --> [*]');
    expect(text).not.toContain('fixture_audit_history');
  });

  it('highlights the active states: leaves filled, groups and regions outlined', () => {
    const chart = chartOf(fixtureMachine);
    const active = activeStateIds(chart, { audit: 'waitingAudit', enablement: 'on' });
    const highlighted = toMermaid(chart, { active });
    expect(highlighted).toMatch(/class fixture_audit_waitingAudit,fixture_enablement_on active$/m);
    expect(highlighted).toMatch(/class fixture_audit,fixture_enablement activeRegion$/m);
    expect(highlighted).toMatch(/class fixture activeGroup$/m);
    expect(highlighted).not.toMatch(/class [\w,]*fixture_audit_passed[\w,]* active/);
    expect(text).not.toContain(' active');
  });

  it('uses the labels it is given (the console translates them)', () => {
    const translated = toMermaid(chartOf(fixtureMachine), {
      stateLabel: (s) => `«${s.key}»`,
      anyStateLabel: '任意状态',
    });
    expect(translated).toContain('state "«waitingAudit»" as fixture_audit_waitingAudit');
    expect(translated).toContain('state "任意状态" as fixture__any');
  });

  it('keeps Mermaid syntax out of labels', () => {
    const machine = setup({}).createMachine({
      id: 'odd',
      initial: 'a',
      states: { a: { on: { 'x:y;{z}"#': 'b' } }, b: {} },
    });
    expect(toMermaid(chartOf(machine))).toContain("odd_a --> odd_b : x y (z)'");
  });
});

describe('doc comments and the docs page', () => {
  const source = `import { setup } from 'xstate';

/**
 * What it is for, on two
 * lines.
 *
 * Regions:
 * - \`audit\`: one
 *   continued.
 *   - nested
 * - \`display\`.
 *
 * Invariants:
 * - always so.
 * Pure: nothing else.
 */
export const m = 1;`;

  it('splits the top doc comment into description and invariants, joining wrapped lines', () => {
    const doc = machineDoc(source);
    expect(doc.description).toEqual([
      { text: 'What it is for, on two lines.', depth: 0, bullet: false },
      { text: 'Regions:', depth: 0, bullet: false },
      { text: '`audit`: one continued.', depth: 0, bullet: true },
      { text: 'nested', depth: 1, bullet: true },
      { text: '`display`.', depth: 0, bullet: true },
    ]);
    expect(doc.invariants).toEqual([
      { text: 'Invariants:', depth: 0, bullet: false },
      { text: 'always so.', depth: 0, bullet: true },
      { text: 'Pure: nothing else.', depth: 0, bullet: false },
    ]);
    expect(docMarkdown(doc.description)).toBe(
      'What it is for, on two lines.\n\nRegions:\n\n- `audit`: one continued.\n  - nested\n- `display`.',
    );
    expect(machineDoc('export const x = 1;')).toEqual({ description: [], invariants: [] });
    expect(docLines('one\n\ntwo')).toHaveLength(2);
  });

  it('writes the doc comment, the diagram and the transition table on the page of a machine', () => {
    const page = renderMachine(entryOf({ machine: fixtureMachine, file: 'no/such/file.ts' }));
    expect(page).toContain('```mermaid\nstateDiagram-v2\n  direction LR\n');
    expect(page).toContain(
      '| `fixture.audit.waitingAudit` | `doc.reject` | `hasReason` |  | `fixture.audit.rejected` |',
    );
    expect(page).toContain('| `fixture` | `doc.rank` | `notBusy` |  | (stays) |');
    expect(page).toContain('`fixture.audit.passed` (parallel)');
  });

  it('gives every machine in the catalog its description and invariants', () => {
    expect(statecharts.length).toBeGreaterThan(0);
    for (const entry of statecharts) {
      expect(entry.description.length, entry.id).toBeGreaterThan(0);
      expect(entry.invariants[0]?.text, entry.id).toMatch(/^Invariants?\b/);
    }
  });
});

describe('a lifecycle page for reviewers', () => {
  it('says who may send each command (admin-only marked) and which actions each transition runs', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../docs/statecharts/supplier.md', import.meta.url), 'utf8');
    expect(text).toMatch(/\| `supplier\.enable` \| \*\*admin only\*\* \|/);
    expect(text).toMatch(/\| `supplier\.approve` \| admin, user \|/);
    expect(text).toMatch(/\| `supplier\.startService` \| nobody directly/);
    expect(text).toMatch(
      /\| `SupplierRejected` \| `hasReason` \| `recordRejection` \| `supplier\.audit\.rejected` \|/,
    );
    const order = readFileSync(new URL('../../docs/statecharts/order.md', import.meta.url), 'utf8');
    expect(order).toMatch(/\| `order\.accept` \| system \(the marketplace apps\) \|/);
  });
});
