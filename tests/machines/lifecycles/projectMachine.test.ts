import { describe, expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot } from 'xstate';
import { allowed, decide, start as startOf, type Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  MAX_CAROUSE_COVERS,
  MAX_DURATION,
  MAX_NAME_LENGTH,
  MAX_RICH_TEXT_LENGTH,
  MAX_SUMMARY_LENGTH,
  RENEWAL_UNITS,
  changedDetailFields,
  detailsFromForm,
  emptyProjectForm,
  formFromDetails,
  validateProjectForm,
} from '../../../src/machines/lifecycles/projectDetails';
import { formatFen, parseYuan } from '../../../src/machines/lifecycles/money';
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
    // More digits than an amount takes is still too large, not malformed (a zero-led amount is neither).
    [{ max_price: '99999999999' }, 'max_price', 'moneyTooLarge'],
    [{ max_price: ' 1234567890.5 ' }, 'max_price', 'moneyTooLarge'],
    [{ max_price: '99999999999.999' }, 'max_price', 'money'],
    [{ max_price: '0000000000001' }, 'max_price', 'money'],
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

  it('takes prices typed with full-width digits, as a Chinese input method types them', () => {
    expect(validateProjectForm(validForm({ min_price: '１００', max_price: '２００。５' }))).toEqual([]);
  });

  it('takes a duration typed with full-width digits, as the number it is', () => {
    const form = validForm({ duration: ' １２０ ' });
    expect(validateProjectForm(form)).toEqual([]);
    expect(detailsFromForm(form).duration).toBe(120);
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
    expect(formatFen(1999)).toBe('19.99');
    expect(formatFen(10)).toBe('0.10');
    expect(formatFen(0)).toBe('0.00');
    // 0.1 + 0.2 style drift cannot happen: every amount with two decimals round-trips
    for (let fen = 0; fen < 1000; fen += 7) expect(parseYuan(formatFen(fen))).toBe(fen);
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

describe('project form validation: the bounds, the renewable kind, and the conversions', () => {
  const fieldsOf = (overrides: Parameters<typeof validForm>[0]) =>
    validateProjectForm(validForm(overrides)).map((e) => [e.field, e.key.replace('project.validation.', '')]);
  const renewable = (overrides: Parameters<typeof validForm>[0] = {}) =>
    validForm({ kind: 'renewable', renewal_unit: 'hour', renewal_unit_price: '60', ...overrides });

  it('accepts every value at its bound', () => {
    for (const overrides of [
      { project_name: ` ${'x'.repeat(MAX_NAME_LENGTH)} ` },
      { summary: 'x'.repeat(MAX_SUMMARY_LENGTH) },
      { carouse_covers: Array(MAX_CAROUSE_COVERS).fill('/uploads/a.png') },
      { duration: '1' },
      { duration: ` ${MAX_DURATION} ` },
      { min_price: '0', max_price: '0' },
      { min_price: ' 12 ', max_price: '1000000.00' },
      { intro: 'x'.repeat(MAX_RICH_TEXT_LENGTH) },
      { avoid: 'x'.repeat(MAX_RICH_TEXT_LENGTH) },
      { order_instruction: 'x'.repeat(MAX_RICH_TEXT_LENGTH) },
    ]) {
      expect(fieldsOf(overrides), JSON.stringify(overrides).slice(0, 60)).toEqual([]);
    }
  });

  it('refuses every value just past its bound', () => {
    expect(fieldsOf({ duration: String(MAX_DURATION + 1) })).toEqual([['duration', 'durationPositive']]);
    expect(fieldsOf({ max_price: '1000000.01' })).toEqual([['max_price', 'moneyTooLarge']]);
    expect(fieldsOf({ summary: 'x'.repeat(MAX_SUMMARY_LENGTH + 1) })).toEqual([
      ['summary', 'summaryTooLong'],
    ]);
    for (const field of ['intro', 'avoid', 'order_instruction'] as const) {
      expect(fieldsOf({ [field]: 'x'.repeat(MAX_RICH_TEXT_LENGTH + 1) })).toEqual([
        [field, 'richTextTooLong'],
      ]);
    }
    expect(fieldsOf({ carouse_covers: 'x' as never })).toEqual([['carouse_covers', 'imageUrl']]);
    expect(fieldsOf({ cover: ' /uploads/cover.png ' })).toEqual([]);
  });

  it('a price is a number in yuan with at most two decimals, not only something that looks numeric', () => {
    expect(fieldsOf({ min_price: '.5' })).toEqual([['min_price', 'money']]);
    expect(fieldsOf({ min_price: '.55' })).toEqual([['min_price', 'money']]);
    expect(fieldsOf({ min_price: 'x12' })).toEqual([['min_price', 'minNumeric']]);
    // Fields a client left out are blank.
    expect(fieldsOf({ max_price: undefined, duration: null } as never)).toEqual([]);
    expect(fieldsOf({ min_price: '5.' })).toEqual([['min_price', 'money']]);
    expect(fieldsOf({ max_price: ' ' })).toEqual([]);
    expect(fieldsOf({ min_price: '300', max_price: '300.01' })).toEqual([]);
    // Without a valid min price, a max price is not compared with it.
    expect(fieldsOf({ min_price: 'x', max_price: '1' })).toEqual([['min_price', 'minNumeric']]);
  });

  it('names every problem of a form once, in field order', () => {
    expect(
      fieldsOf({
        project_name: '',
        cover: 'ftp://x',
        carouse_covers: ['javascript:alert(1)'],
        summary: 'x'.repeat(201),
        min_price: '',
        max_price: 'x',
        duration: '0',
        intro: 'x'.repeat(MAX_RICH_TEXT_LENGTH + 1),
        kind: 'weekly',
      }),
    ).toEqual([
      ['project_name', 'nameRequired'],
      ['cover', 'imageUrl'],
      ['carouse_covers', 'imageUrl'],
      ['summary', 'summaryTooLong'],
      ['min_price', 'minRequired'],
      ['max_price', 'maxNumeric'],
      ['duration', 'durationPositive'],
      ['intro', 'richTextTooLong'],
      ['kind', 'kind'],
    ]);
    expect(validateProjectForm(emptyProjectForm()).map((e) => e.key)).toEqual([
      'project.validation.nameRequired',
      'project.validation.minRequired',
    ]);
  });

  it('a renewable project needs a unit (hour, day or visit) and a unit price from 0.01 to 1,000,000 yuan', () => {
    for (const unit of RENEWAL_UNITS) expect(fieldsOf(renewable({ renewal_unit: unit }))).toEqual([]);
    expect(fieldsOf(renewable({ renewal_unit_price: '0.01' }))).toEqual([]);
    expect(fieldsOf(renewable({ renewal_unit_price: '1000000' }))).toEqual([]);
    expect(fieldsOf(renewable({ renewal_unit: '' }))).toEqual([['renewal_unit', 'renewalUnit']]);
    expect(fieldsOf(renewable({ renewal_unit: 'week' }))).toEqual([['renewal_unit', 'renewalUnit']]);
    for (const price of ['', '  ', '0', '0.00', '1000000.01', 'abc', '1.001']) {
      expect(fieldsOf(renewable({ renewal_unit_price: price })), price).toEqual([
        ['renewal_unit_price', 'renewalPrice'],
      ]);
    }
    // A normal project ignores whatever the renewal fields hold; an unknown kind is refused.
    expect(fieldsOf({ kind: 'normal', renewal_unit: 'week', renewal_unit_price: 'abc' })).toEqual([]);
    expect(fieldsOf({ kind: '' })).toEqual([['kind', 'kind']]);
  });

  it('a valid form becomes details trimmed and in fen; a normal one keeps no renewal terms', () => {
    const covers = ['/uploads/a.png'];
    const details = detailsFromForm(
      renewable({
        project_name: '  Elder care ',
        cover: ' /uploads/c.png ',
        carouse_covers: covers,
        summary: ' By the hour ',
        min_price: '60',
        max_price: '',
        duration: ' 90 ',
        renewal_unit: 'day',
        renewal_unit_price: '450.5',
      }),
    );
    expect(details).toEqual({
      project_name: 'Elder care',
      cover: '/uploads/c.png',
      carouse_covers: ['/uploads/a.png'],
      summary: 'By the hour',
      min_price: 6_000,
      max_price: null,
      duration: 90,
      intro: validForm().intro,
      avoid: validForm().avoid,
      order_instruction: validForm().order_instruction,
      kind: 'renewable',
      renewal_unit: 'day',
      renewal_unit_price: 45_050,
    });
    expect(details.carouse_covers).not.toBe(covers);
    expect(detailsFromForm(validForm({ renewal_unit: 'hour', renewal_unit_price: '60' }))).toMatchObject({
      kind: 'normal',
      renewal_unit: null,
      renewal_unit_price: null,
    });
  });

  it('details become the form again, prices in yuan and blanks for what is not stated', () => {
    const details = validDetails({ kind: 'renewable', renewal_unit: 'visit', renewal_unit_price: 12_005 });
    const form = formFromDetails(details);
    expect(form).toMatchObject({ kind: 'renewable', renewal_unit: 'visit', renewal_unit_price: '120.05' });
    expect(form.carouse_covers).toEqual(details.carouse_covers);
    expect(form.carouse_covers).not.toBe(details.carouse_covers);
    expect(detailsFromForm(form)).toEqual(details);
    expect(formFromDetails(validDetails({ max_price: null, duration: null }))).toMatchObject({
      max_price: '',
      duration: '',
      renewal_unit: '',
      renewal_unit_price: '',
    });
  });

  it('an empty form is a normal project with nothing filled in', () => {
    expect(emptyProjectForm()).toEqual({
      project_name: '',
      cover: '',
      carouse_covers: [],
      summary: '',
      min_price: '',
      max_price: '',
      duration: '',
      intro: '',
      avoid: '',
      order_instruction: '',
      kind: 'normal',
      renewal_unit: '',
      renewal_unit_price: '',
    });
  });

  it('money converts exactly, signs and fractions of fen included', () => {
    expect(formatFen(-1_250)).toBe('-12.50');
    expect(formatFen(1_299.9)).toBe('12.99');
    expect(parseYuan('999999999.99')).toBe(99_999_999_999);
    expect(parseYuan('12.5')).toBe(1_250);
    expect(parseYuan('-1')).toBeNull();
  });

  it('lists the fields an edit really changes, in field order, images compared one by one', () => {
    const details = validDetails();
    const [c1, c2] = details.carouse_covers;
    expect(changedDetailFields(details, { carouse_covers: [c1, c2] })).toEqual([]);
    expect(changedDetailFields(details, { carouse_covers: [c2, c1] })).toEqual(['carouse_covers']);
    expect(changedDetailFields(details, { carouse_covers: [c1] })).toEqual(['carouse_covers']);
    expect(changedDetailFields(details, { carouse_covers: [c1, '/uploads/c3.png'] })).toEqual([
      'carouse_covers',
    ]);
    expect(changedDetailFields(details, { carouse_covers: [c1, c2, c1] })).toEqual(['carouse_covers']);
    expect(
      changedDetailFields(details, {
        renewal_unit_price: 100,
        summary: 'New',
        project_name: details.project_name,
      }),
    ).toEqual(['summary', 'renewal_unit_price']);
  });
});
