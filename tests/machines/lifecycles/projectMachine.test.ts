import { describe, expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot } from 'xstate';
import { allowed, decide, start as startOf, type Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  changedDetailFields,
  detailsFromForm,
  formFromDetails,
  formatYuan,
  parseYuan,
  validateProjectForm,
} from '../../../src/machines/lifecycles/projectDetails';
import {
  projectLifecycle,
  refusalReason,
  snapshotFromStatus,
  statusOf,
  type ProjectCommand,
  type ProjectSnapshot,
} from '../../../src/machines/lifecycles/projectLifecycle';
import { projectMachine } from '../../../src/machines/lifecycles/projectMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';
import { projectCommands, projectInput, serializeProject, validDetails, validForm } from './projectFixtures';

const commands = (s: AnyMachineSnapshot) => projectCommands(s as ProjectSnapshot) as Command[];

describeMachinePaths(projectMachine, {
  input: projectInput,
  events: walkFacts(projectLifecycle, commands),
  serializeState: serializeProject,
});

const start = () => startOf(projectLifecycle, projectInput) as ProjectSnapshot;
const given = (...cs: ProjectCommand[]) => givenIn(projectLifecycle, projectInput, ...cs) as ProjectSnapshot;
const can = (s: ProjectSnapshot, c: ProjectCommand) => decide(projectLifecycle, s, c).accepted;
const show = { type: 'project.show' } as const;
const hide = { type: 'project.hide' } as const;
const close = { type: 'project.close' } as const;
const enable = { type: 'project.enable' } as const;

describe('project rules', () => {
  it('starts enabled and hidden at ranking 0', () => {
    expect(statusOf(start())).toEqual({ is_enabled: true, is_display: false });
    expect(start().context.ranking).toBe(0);
  });

  it('shows an enabled project and hides it again', () => {
    expect(statusOf(given(show))).toEqual({ is_enabled: true, is_display: true });
    expect(statusOf(given(show, hide))).toEqual({ is_enabled: true, is_display: false });
  });

  it('refuses to show a closed project, naming the reason', () => {
    const decision = decide(projectLifecycle, given(close), show);
    expect(decision.accepted).toBe(false);
    if (!decision.accepted) {
      expect(decision.reasonKey).toBe('project.reason.closed');
      expect(decision.message).toBe(
        'Cannot show this project to customers while it is hidden and closed: it is closed; enable it first.',
      );
    }
  });

  it('hides a shown project when it is closed, and keeps it hidden when re-enabled', () => {
    expect(statusOf(given(show, close))).toEqual({ is_enabled: false, is_display: false });
    expect(statusOf(given(show, close, enable))).toEqual({ is_enabled: true, is_display: false });
  });

  it('refuses repeated toggles with specific reasons', () => {
    expect(refusalReason(start(), hide)).toBe('alreadyHidden');
    expect(refusalReason(given(show), show)).toBe('alreadyShown');
    expect(refusalReason(start(), enable)).toBe('alreadyEnabled');
    expect(refusalReason(given(close), close)).toBe('alreadyClosed');
    // a refused fact leaves the snapshot untouched
    const shown = given(show);
    expect(transition(projectMachine, shown, { type: 'ProjectShown', data: {} })[0]).toBe(shown);
  });

  it('accepts edits in every state without changing display or enablement, refusing no-op edits', () => {
    const edited = given(show, { type: 'project.edit', changes: { summary: 'new', min_price: 100 } });
    expect(statusOf(edited)).toEqual({ is_enabled: true, is_display: true });
    expect(edited.context.details).toMatchObject({ summary: 'new', min_price: 100 });
    const closedEdit = given(close, { type: 'project.edit', changes: { project_name: 'x' } });
    expect(closedEdit.context.details.project_name).toBe('x');
    const noop = { type: 'project.edit', changes: { summary: start().context.details.summary } } as const;
    expect(can(start(), noop)).toBe(false);
    expect(refusalReason(start(), noop)).toBe('noChanges');
  });

  it('accepts a new ranking and refuses invalid or unchanged ones', () => {
    expect(given({ type: 'project.rank', ranking: 7 }).context.ranking).toBe(7);
    expect(refusalReason(start(), { type: 'project.rank', ranking: 0 })).toBe('rankingUnchanged');
    for (const ranking of [-1, 1.5, 1_000_000]) {
      expect(can(start(), { type: 'project.rank', ranking })).toBe(false);
      expect(refusalReason(start(), { type: 'project.rank', ranking })).toBe('invalidRanking');
    }
  });

  it('lets both roles show, hide, rank and edit, and only admins enable or close (the policy table)', () => {
    for (const type of ['project.show', 'project.rank', 'project.edit'] as const)
      expect(allowed(projectLifecycle, start(), type, 'user')).toEqual({ ok: true });
    expect(allowed(projectLifecycle, start(), 'project.close', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(projectLifecycle, start(), 'project.close', 'admin')).toEqual({ ok: true });
    expect(allowed(projectLifecycle, given(close), 'project.show', 'user')).toEqual({
      ok: false,
      reasonKey: 'project.reason.closed',
    });
  });

  it('stores edits with only the changed fields and their previous values', () => {
    const s = start();
    const edit = decide(projectLifecycle, s, {
      type: 'project.edit',
      changes: { summary: 'new', duration: 180 },
    });
    expect(edit.accepted && edit.facts).toEqual([
      {
        type: 'ProjectEdited',
        data: { changes: { summary: 'new' }, previous: { summary: s.context.details.summary } },
      },
    ]);
    const rank = decide(projectLifecycle, s, { type: 'project.rank', ranking: 3 });
    expect(rank.accepted && rank.facts).toEqual([
      { type: 'ProjectRanked', data: { ranking: 3, previous: 0 } },
    ]);
  });

  it('reads a projection row back as the same snapshot', () => {
    for (const s of [start(), given(show), given(close), given(show, { type: 'project.rank', ranking: 4 })]) {
      const back = snapshotFromStatus(statusOf(s), s.context);
      expect(back.value).toEqual(s.value);
      for (const c of projectCommands(s)) expect(can(back, c)).toBe(can(s, c));
    }
  });
});

describeLifecycleProperties({
  lifecycle: projectLifecycle,
  creation: projectInput,
  commands,
  invariants: (snapshot) => {
    const st = statusOf(snapshot as ProjectSnapshot);
    if (st.is_display) expect(st.is_enabled).toBe(true); // shown ⇒ enabled
  },
  seen: {
    shown: (s) => statusOf(s as ProjectSnapshot).is_display,
    closed: (s) => !statusOf(s as ProjectSnapshot).is_enabled,
  },
});

describe('project form validation (SPEC.md §5 and the rules users expect)', () => {
  const fieldsOf = (overrides: Parameters<typeof validForm>[0]) =>
    validateProjectForm(validForm(overrides)).map((e) => [e.field, e.key]);

  it('accepts a valid form', () => {
    expect(validateProjectForm(validForm())).toEqual([]);
    expect(validateProjectForm(validForm({ max_price: '', duration: '', cover: '' }))).toEqual([]);
  });

  it.each([
    [{ project_name: '  ' }, 'project_name', 'nameRequired'],
    [{ project_name: 'x'.repeat(51) }, 'project_name', 'nameTooLong'],
    [{ min_price: '' }, 'min_price', 'minRequired'],
    [{ min_price: 'abc' }, 'min_price', 'minNumeric'],
    [{ min_price: '1.234' }, 'min_price', 'money'],
    [{ min_price: '-5' }, 'min_price', 'money'],
    [{ max_price: '12a' }, 'max_price', 'maxNumeric'],
    [{ max_price: '1.001' }, 'max_price', 'money'],
    [{ min_price: '300', max_price: '299.99' }, 'max_price', 'maxBelowMin'],
    [{ min_price: '1000001' }, 'min_price', 'moneyTooLarge'],
    [{ duration: '0' }, 'duration', 'durationPositive'],
    [{ duration: '-30' }, 'duration', 'durationPositive'],
    [{ duration: '1.5' }, 'duration', 'durationPositive'],
    [{ cover: 'javascript:alert(1)' }, 'cover', 'imageUrl'],
    [{ carouse_covers: ['/uploads/a.png', 'data:image/png;base64,xx'] }, 'carouse_covers', 'imageUrl'],
    [{ carouse_covers: Array(10).fill('/uploads/a.png') }, 'carouse_covers', 'tooManyImages'],
    [{ summary: 'x'.repeat(201) }, 'summary', 'summaryTooLong'],
  ])('refuses %j on %s with %s', (overrides, field, key) => {
    expect(fieldsOf(overrides)).toContainEqual([field, `project.validation.${key}`]);
  });

  it('accepts max equal to min', () => {
    expect(validateProjectForm(validForm({ min_price: '10', max_price: '10.00' }))).toEqual([]);
  });

  it('converts yuan text to integer fen exactly, and back', () => {
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan('19.99')).toBe(1999);
    expect(parseYuan(' 1000000 ')).toBe(100_000_000);
    expect(parseYuan('1.999')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
    expect(formatYuan(1999)).toBe('19.99');
    expect(formatYuan(10)).toBe('0.10');
    expect(formatYuan(0)).toBe('0.00');
    // 0.1 + 0.2 style drift cannot happen: every amount with two decimals round-trips
    for (let fen = 0; fen < 1000; fen += 7) expect(parseYuan(formatYuan(fen))).toBe(fen);
  });

  it('maps a form to details in fen and back', () => {
    const details = detailsFromForm(validForm());
    expect(details).toEqual(validDetails());
    expect(formFromDetails(details)).toEqual(validForm({ min_price: '199.00' }));
    expect(detailsFromForm(validForm({ max_price: '', duration: '' }))).toMatchObject({
      max_price: null,
      duration: null,
    });
    expect(changedDetailFields(details, { min_price: 19900, max_price: 1 })).toEqual(['max_price']);
  });
});
