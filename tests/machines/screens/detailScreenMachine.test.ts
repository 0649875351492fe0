import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FeedbackDto } from '@/contract/feedback';
import type { NoticeDto } from '@/contract/notices';
import type { SupplierDto } from '@/contract/suppliers';
import type { ServiceCityDto } from '@/contract/serviceCities';
import {
  allowedHere,
  detailScreenMachine,
  selectConflict,
  selectDialog,
  selectHasEdits,
  selectUnsaved,
  selectIsBusy,
  selectIsNew,
  type DetailEntity,
  type Loaded,
} from '@/machines/screens/detailScreenMachine';
import { feedbackScreen } from '@/machines/screens/feedbackScreens';
import { noticeScreen } from '@/machines/screens/noticeScreens';
import { projectScreen } from '@/machines/screens/projectScreens';
import { rebasedForm } from '@/machines/screens/rebasedForm';
import { serviceCityScreen } from '@/machines/screens/serviceCityScreens';
import { cityOptionsOf, supplierScreen } from '@/machines/screens/supplierScreens';
import type { CommandBody } from '@/services/entityApi';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';
import { noticeRow } from './noticeFixtures';
import {
  conflictError,
  history,
  networkError,
  notFoundError,
  refusedError,
  supplierRow,
} from './supplierScreenFixtures';

// The one detail screen, driven here with the supplier's declaration (and the city's for a removal).

const loaded: Loaded<SupplierDto> = { record: supplierRow(), history };

/**
 * The supplier's declaration as if its state followed the clock (as an activity's does), so the walk refreshes, as
 * if a save that changes the covers had to be confirmed (as a city's that closes it does), so the walk asks, and as
 * if a supplier were edited only while it waits for audit (as a notice is), so a kept edit may meet one that may no
 * longer be.
 */
const clockedSupplier = {
  ...supplierScreen,
  nextChangeAt: () => 0,
  decidedBy: { 'supplier.edit': 'supplier.approve' },
  confirmSave: (_row: SupplierDto, changes: Record<string, unknown>) =>
    'covers' in changes ? 'supplier.edit' : null,
} as DetailEntity;
const changedElsewhere: Loaded<SupplierDto> = { record: { ...supplierRow(), version: 9 }, history };
const approvedElsewhere: Loaded<SupplierDto> = {
  record: { ...supplierRow(), version: 9, audit_state: 'pass', state: 'resting' },
  history,
};

describeMachinePaths(detailScreenMachine, {
  input: { id: 1, role: 'user', today: '2026-11-21', entity: clockedSupplier },
  events: (s) => [
    { type: 'xstate.done.actor.load', output: loaded },
    { type: 'xstate.after.untilClockChange.detailScreen.editing' },
    { type: 'xstate.done.actor.refresh', output: loaded },
    { type: 'xstate.done.actor.refresh', output: changedElsewhere },
    { type: 'xstate.error.actor.refresh', error: networkError },
    { type: 'xstate.done.actor.rebase', output: changedElsewhere },
    { type: 'xstate.done.actor.rebase', output: approvedElsewhere },
    { type: 'xstate.error.actor.rebase', error: networkError },
    { type: 'xstate.error.actor.load', error: networkError },
    { type: 'xstate.error.actor.load', error: notFoundError },
    { type: 'xstate.done.actor.save', output: loaded },
    { type: 'xstate.error.actor.save', error: conflictError },
    { type: 'xstate.error.actor.save', error: refusedError },
    { type: 'xstate.done.actor.command', output: loaded },
    { type: 'xstate.done.actor.command', output: approvedElsewhere },
    { type: 'xstate.done.actor.command', output: null },
    { type: 'xstate.error.actor.command', error: conflictError },
    { type: 'xstate.error.actor.command', error: refusedError },
    { type: 'xstate.done.actor.upload', output: '/uploads/x.png' },
    { type: 'xstate.error.actor.upload', error: networkError },
    { type: 'xstate.done.actor.lookups', output: { cities: ['Beijing'] } },
    { type: 'xstate.error.actor.lookups', error: networkError },
    { type: 'detail.retry' },
    // toggles between a valid change, an invalid one and the original value
    {
      type: 'field.change',
      field: 'mobile',
      value:
        s.context.form.mobile === '13900000000'
          ? '123'
          : s.context.form.mobile === '123'
            ? '13800138000'
            : '13900000000',
    },
    { type: 'item.remove', field: 'covers', index: 0 },
    { type: 'item.move', field: 'covers', index: 0, delta: 1 },
    { type: 'item.change', field: 'covers', index: 0, key: 'x', value: 1 },
    { type: 'upload.start', field: 'id_card_front', file: new Blob(['x']) },
    { type: 'upload.start', field: 'covers', file: new File(['x'], 'a.png', { lastModified: 1 }) },
    { type: 'form.save' },
    { type: 'lifecycle.command', command: { type: 'supplier.approve' } },
    { type: 'lifecycle.command', command: { type: 'supplier.reject', reason: '' }, ask: 'reason' },
    { type: 'dialog.change', value: s.context.dialog?.value ? '' : 'blurred' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepEditing' },
    { type: 'conflict.dismiss' },
  ],
  limit: 200_000,
  skip: {
    'detailScreen.starting':
      'transient: an eventless choice between create (editing) and edit (loading), both walked',
    'detailScreen.saving|xstate.done.actor.save|0':
      'create mode (input id null): covered by "creates a record and announces its id" below',
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form.mobile,
      s.context.form.covers,
      s.context.dialog?.value !== '',
      s.context.record !== null,
      s.context.files,
      s.context.upload?.field,
    ]),
});

/** A customer's complaint, not answered yet. */
const feedbackRow = (): FeedbackDto => ({
  id: 4,
  version: 1,
  kind: 'complaint',
  state: 'pending',
  content: 'Late again',
  images: [],
  contact: '13800138000',
  from_kind: 'customer',
  from_id: 3,
  from_name: 'Chen',
  order: null,
  supplier: null,
  message_count: 1,
  resolution_note: null,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
});

/**
 * A notice typed in (`field` set to `value`) and saved while someone else saved `latest`: met by the conflict, the
 * person keeps their changes. The screen once it has read the latest.
 */
async function keptOverNotice(latest: NoticeDto, field: string, value: string) {
  const loads = [
    { record: noticeRow(), history },
    { record: latest, history },
  ];
  const { actor } = start(
    11,
    {
      load: async () => loads.shift()!,
      save: async () => {
        throw conflictError;
      },
    },
    noticeScreen as DetailEntity,
  );
  await editing(actor);
  actor.send({ type: 'field.change', field, value });
  actor.send({ type: 'form.save' });
  await waitFor(actor, (s) => s.matches('conflict'));
  expect(selectHasEdits(actor.getSnapshot())).toBe(true);
  actor.send({ type: 'conflict.keepEditing' });
  await editing(actor);
  return actor;
}

/** Xiamen, a service city (the city's declaration drives some of these tests). */
function cityRow(overrides: Partial<ServiceCityDto>): ServiceCityDto {
  return {
    id: 4,
    version: 1,
    name: 'Xiamen',
    is_enabled: true,
    ranking: 0,
    created_by: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    supplier_count: 0,
    ...overrides,
  };
}

interface Impl {
  load?: () => Promise<Loaded>;
  save?: (input: { id: number | null; body: Record<string, unknown>; version: number }) => Promise<Loaded>;
  command?: (input: { id: number; command: CommandBody; version: number }) => Promise<Loaded | null>;
  upload?: () => Promise<string>;
  lookups?: () => Promise<Record<string, unknown>>;
}

function start(
  id: number | null,
  impl: Impl = {},
  entity: DetailEntity = supplierScreen as DetailEntity,
  role = 'user',
) {
  const machine = detailScreenMachine.provide({
    actors: {
      load: fromPromise(async () => (impl.load ?? (async () => loaded))()),
      save: fromPromise(async ({ input }: { input: Parameters<NonNullable<Impl['save']>>[0] }) =>
        (impl.save ?? (async () => loaded))(input),
      ),
      command: fromPromise(async ({ input }: { input: Parameters<NonNullable<Impl['command']>>[0] }) =>
        (impl.command ?? (async () => loaded))(input),
      ),
      upload: fromPromise(async () => (impl.upload ?? (async () => '/uploads/new.png'))()),
      lookups: fromPromise(async () =>
        (impl.lookups ?? (async () => ({ cities: ['Beijing', 'Shanghai'] })))(),
      ),
    },
  });
  const actor = createActor(machine, { input: { id, role, today: '2026-11-21', entity } });
  const emitted: Array<{ type: string; id?: unknown }> = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted };
}
const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('editing'));

describe('detail screen', () => {
  it('saves only the changed fields with the loaded version', async () => {
    let saved: unknown;
    const { actor } = start(1, { save: async (i) => ((saved = i), loaded) });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, () => saved !== undefined);
    expect(saved).toEqual({ id: 1, body: { bio: 'New bio' }, version: 1 });
  });

  it("says 'Saved.' after a save, or the entity's own word for it (a reply is sent)", async () => {
    for (const [entity, key] of [
      [supplierScreen, 'detail.toast.saved'],
      [{ ...supplierScreen, savedToast: 'feedback.toast.replied' }, 'feedback.toast.replied'],
    ] as const) {
      const { actor, emitted } = start(1, {}, entity as DetailEntity);
      await editing(actor);
      actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
      actor.send({ type: 'form.save' });
      await waitFor(actor, () => emitted.some((e) => (e as { key?: string }).key === key));
      expect(emitted.filter((e) => e.type === 'toast')).toEqual([{ type: 'toast', intent: 'success', key }]);
    }
  });

  it('does not save an unchanged form, and says so', async () => {
    const { actor, emitted } = start(1, { save: async () => expect.fail('nothing to save') });
    await editing(actor);
    actor.send({ type: 'form.save' });
    expect(emitted).toContainEqual({ type: 'toast', intent: 'primary', key: 'detail.toast.noChanges' });
  });

  it('does not send an invalid form and shows every field problem by its rule', async () => {
    const { actor, emitted } = start(1);
    await editing(actor);
    actor.send({ type: 'field.change', field: 'mobile', value: '123' });
    actor.send({ type: 'field.change', field: 'name', value: '' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    // The view is told, to take the person to the first problem.
    expect(emitted).toContainEqual({ type: 'form.problems' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      mobile: 'supply.validation.mobile',
      name: 'supply.validation.required',
    });
    actor.send({ type: 'field.change', field: 'mobile', value: '13800138000' });
    expect(actor.getSnapshot().context.errors.mobile).toBeUndefined();
  });

  it('says a record no id can name is missing, without asking the server', () => {
    let loads = 0;
    for (const id of [-1, 1.5]) {
      const { actor } = start(id, { load: async () => (loads++, loaded) });
      expect(actor.getSnapshot().matches('missing')).toBe(true);
    }
    expect(loads).toBe(0);
    // 0 is a singleton screen's one record: read, as any other.
    const { actor } = start(0, { load: async () => (loads++, loaded) });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(loads).toBe(1);
  });

  it('starts a new supplier with no gender and requires one before saving', () => {
    const { actor } = start(null);
    expect(actor.getSnapshot().context.form.gender).toBe('');
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errors.gender).toBe('supply.validation.required');
  });

  it('creates a record with every field and announces its id', async () => {
    let saved: { id: number | null; body: Record<string, unknown> } | undefined;
    const { actor, emitted } = start(null, {
      save: async (i) => ((saved = i), { record: supplierRow({ id: 9 }), history }),
    });
    for (const [field, value] of Object.entries(supplierRow())) {
      if (field in supplierScreen.emptyForm()) actor.send({ type: 'field.change', field, value });
    }
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.id === 9);
    expect(saved?.id).toBeNull();
    expect(saved?.body).toMatchObject({ name: 'Clean Home Services', city: 'Beijing', gender: 'male' });
    expect(emitted).toContainEqual({ type: 'record.created', id: 9 });
  });

  it('says what leaving would drop: what was typed and not saved, in a new record or a loaded one', async () => {
    const created = start(null, { save: async () => ({ record: supplierRow({ id: 9 }), history }) });
    expect(selectUnsaved(created.actor.getSnapshot())).toBe(false);
    for (const [field, value] of Object.entries(supplierRow())) {
      if (field in supplierScreen.emptyForm()) created.actor.send({ type: 'field.change', field, value });
    }
    expect(selectUnsaved(created.actor.getSnapshot())).toBe(true);
    created.actor.send({ type: 'form.save' });
    await waitFor(created.actor, (s) => s.matches('editing') && s.context.id === 9);
    expect(selectUnsaved(created.actor.getSnapshot())).toBe(false);
    // A loaded record: typed, then typed back as it was; saved.
    const { actor } = start(1, {
      save: async () => ({ record: supplierRow({ bio: 'New bio', version: 2 }), history }),
    });
    await editing(actor);
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    const bio = actor.getSnapshot().context.form.bio;
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'field.change', field: 'bio', value: bio });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.record?.version === 2);
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    // A new record's defaults from the clock (a notice's time) are measured from as they started, not as now.
    let minute = 0;
    const clocked = {
      ...supplierScreen,
      emptyForm: () => ({ ...supplierScreen.emptyForm(), bio: `${minute++}` }),
    };
    const fresh = start(null, {}, clocked as DetailEntity);
    fresh.actor.send({ type: 'field.change', field: 'name', value: 'x' });
    fresh.actor.send({ type: 'field.change', field: 'name', value: '' });
    expect(selectUnsaved(fresh.actor.getSnapshot())).toBe(false);
    // Where a save always sends a field (a reply box), nothing typed is nothing to drop.
    const replies = { ...supplierScreen, changes: () => ({ message: '' }) } as DetailEntity;
    const reply = start(1, {}, replies);
    await editing(reply.actor);
    expect(selectUnsaved(reply.actor.getSnapshot())).toBe(false);
  });

  it('offers a reload on a version conflict, keeping the edits until the user chooses', async () => {
    let loads = 0;
    const { actor } = start(1, {
      load: async () => (loads++, loaded),
      save: async () => {
        throw conflictError;
      },
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'Mine' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(selectHasEdits(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'conflict.reload' });
    await editing(actor);
    expect(loads).toBe(2);
    expect(actor.getSnapshot().context.form.bio).toBe(supplierRow().bio);
    expect(actor.getSnapshot().context.overlaps).toBeNull();
  });

  it('decides nothing when the conflict is closed without a choice: the edits stay on the version loaded, and the next save meets the conflict again', async () => {
    const versions: number[] = [];
    let loads = 0;
    const { actor } = start(1, {
      load: async () => (loads++, loaded),
      save: async (input: { version: number }) => {
        versions.push(input.version);
        throw conflictError;
      },
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'Mine' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.dismiss' });
    await editing(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      form: { bio: 'Mine' },
      record: loaded.record,
      overlaps: null,
    });
    expect(loads).toBe(1);
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(versions).toEqual([loaded.record.version, loaded.record.version]);
  });

  it('keeps what the conflict says happened meanwhile, from a save and from a command; none when it says nothing', async () => {
    const approvedMeanwhile = {
      version: 2,
      type: 'SupplierApproved',
      data: {},
      reason: null,
      occurred_at: '2026-11-25T08:00:00.000Z',
      actor: { id: 1, role: 'admin', name: null, email: 'admin@example.com' },
    };
    const saidWhat = new ApiError('changed by someone else', 40901, 409, {
      reason_key: 'errors.versionConflict',
      meanwhile: [approvedMeanwhile],
    });
    const { actor } = start(1, {
      load: async () => loaded,
      save: async () => {
        throw saidWhat;
      },
      command: async () => {
        throw conflictError;
      },
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'Mine' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.meanwhile).toEqual([approvedMeanwhile]);
    actor.send({ type: 'conflict.reload' });
    await editing(actor);
    // A conflict that names nothing (an older server) does not show the last one's changes.
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.meanwhile).toEqual([]);
  });

  it('keeps one’s changes through a conflict by putting them on top of the latest save, which the next save is judged by', async () => {
    const theirs = { ...supplierRow(), version: 9, name: 'Their name', bio: 'Their bio' };
    const loads = [loaded, { record: theirs, history }];
    const saves: Array<{ body: Record<string, unknown>; version: number }> = [];
    const { actor } = start(1, {
      load: async () => loads.shift()!,
      save: async (input) => {
        saves.push(input);
        if (saves.length === 1) throw conflictError;
        return { record: { ...theirs, version: 10, bio: 'Mine', mobile: '13900000001' }, history };
      },
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'Mine' });
    actor.send({ type: 'field.change', field: 'mobile', value: '13900000001' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.keepEditing' });
    expect(selectIsBusy(actor.getSnapshot()), 'reading the latest').toBe(true);
    await editing(actor);
    const { context } = actor.getSnapshot();
    // Mine where I typed (the bio, which they changed too: named), theirs elsewhere (the name).
    expect(context.form).toMatchObject({ bio: 'Mine', mobile: '13900000001', name: 'Their name' });
    expect(context.overlaps).toEqual(['bio']);
    expect(context.record?.version).toBe(9);
    actor.send({ type: 'form.save' });
    await waitFor(
      actor,
      (s) => s.matches('editing') && saves.length === 2 && s.context.record?.version === 10,
    );
    expect(saves[1]).toMatchObject({ body: { bio: 'Mine', mobile: '13900000001' }, version: 9 });
    expect(actor.getSnapshot().context.overlaps, 'saved: nothing left to check').toBeNull();
  });

  it('puts typed fields on top of the latest form, naming only those both changed differently', () => {
    const base = { a: '1', b: '1', c: ['x'], d: '1' };
    const mine = { a: '2', b: '1', c: ['x', 'y'], d: '3' };
    const theirs = { a: '1', b: '5', c: ['z'], d: '3' };
    expect(rebasedForm(base, mine, theirs)).toEqual({
      form: { a: '2', b: '5', c: ['x', 'y'], d: '3' },
      overlaps: ['c'],
    });
    expect(rebasedForm(base, base, theirs)).toEqual({ form: theirs, overlaps: [] });
    // A notice's recipient typed for the audience they changed meanwhile: theirs is taken, and named.
    const notice = { audience: 'supplier', recipient_id: '' };
    const recipientTyped = { audience: 'supplier', recipient_id: '5' };
    const audienceChanged = { audience: 'customer', recipient_id: '7' };
    const belongs = { recipient_id: 'audience' };
    expect(rebasedForm(notice, recipientTyped, audienceChanged, belongs)).toEqual({
      form: { audience: 'customer', recipient_id: '7' },
      overlaps: ['recipient_id'],
    });
    // Typed with the audience it belongs to, or beside the same audience, it stays.
    expect(
      rebasedForm(notice, { audience: 'customer', recipient_id: '9' }, audienceChanged, belongs).form,
    ).toEqual({
      audience: 'customer',
      recipient_id: '9',
    });
    expect(rebasedForm(notice, recipientTyped, { ...notice, recipient_id: '6' }, belongs)).toEqual({
      form: recipientTyped,
      overlaps: ['recipient_id'],
    });
  });

  it('does not put kept changes on a record that may no longer be edited (a notice approved meanwhile), and says why', async () => {
    const approved = noticeRow({ version: 2, audit_state: 'pass' });
    const actor = await keptOverNotice(approved, 'title', 'Mine');
    const { context } = actor.getSnapshot();
    expect(context.record?.version).toBe(2);
    expect(context.form.title).toBe(approved.title);
    expect(context.overlaps, 'nothing on top to check').toBeNull();
    // What was typed is set aside, to be copied: only the field typed in.
    expect(context.notKept).toEqual({
      reason: 'notice.reason.passedNoEdit',
      typed: { title: 'Mine' },
      afterCommand: false,
    });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('says nothing was dropped where nothing was typed: an approval met by a conflict, on a notice approved meanwhile', async () => {
    const approved = noticeRow({ version: 2, audit_state: 'pass' });
    const loads = [
      { record: noticeRow(), history },
      { record: approved, history },
    ];
    const { actor } = start(
      11,
      {
        load: async () => loads.shift()!,
        command: async () => {
          throw conflictError;
        },
      },
      noticeScreen as DetailEntity,
      'admin',
    );
    await editing(actor);
    actor.send({ type: 'lifecycle.command', command: { type: 'notice.approve' } });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(selectHasEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'conflict.keepEditing' });
    await editing(actor);
    expect(actor.getSnapshot().context).toMatchObject({ record: approved, overlaps: null, notKept: null });
  });

  it('keeps changes on a record still editable after a conflict, and says nothing was dropped', async () => {
    const actor = await keptOverNotice(noticeRow({ version: 2, title: 'Theirs' }), 'content', '<p>Mine</p>');
    expect(actor.getSnapshot().context).toMatchObject({
      form: { title: 'Theirs', content: '<p>Mine</p>' },
      overlaps: [],
      notKept: null,
    });
  });

  it('treats a command met by a conflict with nothing typed as a plain read of the latest: feedback, whose save always sends the reply box', async () => {
    const row = feedbackRow();
    const loads = [
      { record: row, history },
      { record: { ...row, version: 2 }, history },
    ];
    const { actor } = start(
      4,
      {
        load: async () => loads.shift()!,
        command: async () => {
          throw conflictError;
        },
      },
      feedbackScreen as DetailEntity,
      'admin',
    );
    await editing(actor);
    actor.send({ type: 'lifecycle.command', command: { type: 'feedback.resolve', note: 'Paid now' } });
    await waitFor(actor, (s) => s.matches('conflict'));
    // Nothing typed in the form: the dialog offers no "keep my changes".
    expect(selectHasEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'conflict.keepEditing' });
    await editing(actor);
    expect(actor.getSnapshot().context).toMatchObject({ overlaps: null, notKept: null });
    expect(actor.getSnapshot().context.record?.version).toBe(2);
  });

  /**
   * A feedback page whose save (or command) meets a conflict: someone else resolved the feedback meanwhile, and the
   * page's next load reads it resolved.
   */
  async function feedbackResolvedMeanwhile(refused: 'save' | 'command') {
    const resolved = { ...feedbackRow(), version: 2, state: 'resolved' as const, resolution_note: 'Paid' };
    const loads = [
      { record: feedbackRow(), history },
      { record: resolved, history },
    ];
    const { actor } = start(
      4,
      {
        load: async () => loads.shift()!,
        [refused]: async () => {
          throw conflictError;
        },
      },
      feedbackScreen as DetailEntity,
      'admin',
    );
    await editing(actor);
    return { actor, resolved };
  }

  it('does not keep a reply over feedback resolved meanwhile: its form is a reply, and a resolved one takes none', async () => {
    const { actor, resolved } = await feedbackResolvedMeanwhile('save');
    actor.send({ type: 'field.change', field: 'message', value: 'We are on it.' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(selectHasEdits(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'conflict.keepEditing' });
    await editing(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      record: resolved,
      form: { message: '' },
      overlaps: null,
      notKept: {
        reason: 'feedback.reason.resolved',
        typed: { message: 'We are on it.' },
        afterCommand: false,
      },
    });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('says someone else’s change set a typed reply aside when the person’s own command met it (a conflict, then kept)', async () => {
    const { actor } = await feedbackResolvedMeanwhile('command');
    actor.send({ type: 'field.change', field: 'message', value: 'Draft reply' });
    actor.send({ type: 'lifecycle.command', command: { type: 'feedback.resolve', note: 'Paid' } });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.keepEditing' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.record?.version === 2);
    expect(actor.getSnapshot().context.notKept).toEqual({
      reason: 'feedback.reason.resolved',
      typed: { message: 'Draft reply' },
      afterCommand: false,
    });
  });

  it('sets a typed reply aside when the person resolves the feedback themselves: shown to copy, not a form to save', async () => {
    const resolved = { ...feedbackRow(), version: 2, state: 'resolved' as const, resolution_note: 'Paid' };
    const { actor, emitted } = start(
      4,
      {
        load: async () => ({ record: feedbackRow(), history }),
        command: async () => ({ record: resolved, history }),
      },
      feedbackScreen as DetailEntity,
      'admin',
    );
    await editing(actor);
    actor.send({ type: 'field.change', field: 'message', value: 'Draft reply' });
    actor.send({ type: 'lifecycle.command', command: { type: 'feedback.resolve', note: 'Paid' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.record?.version === 2);
    expect(actor.getSnapshot().context).toMatchObject({
      form: { message: '' },
      notKept: { reason: 'feedback.reason.resolved', typed: { message: 'Draft reply' }, afterCommand: true },
      pending: null,
    });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    // Done, and no "save your changes" for a form that is gone.
    expect(emitted).toContainEqual({
      type: 'toast',
      intent: 'success',
      key: 'detail.toast.done',
      command: 'feedback.resolve',
    });
    expect(emitted.some((e) => (e as { unsavedEdits?: boolean }).unsavedEdits)).toBe(false);
  });

  it('keeps a reason typed in a refused command’s dialog for that command’s next dialog, until it is done or cancelled', async () => {
    let refuse = true;
    const { actor } = start(1, {
      command: async () => {
        if (refuse) throw conflictError;
        return { record: supplierRow({ audit_state: 'reject', version: 2 }), history };
      },
    });
    const reject = () =>
      actor.send({
        type: 'lifecycle.command',
        command: { type: 'supplier.reject', reason: '' },
        ask: 'reason',
      });
    const typed = () => actor.getSnapshot().context.dialog?.value;
    await editing(actor);
    reject();
    actor.send({ type: 'dialog.change', value: 'Blurred licence' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.reload' });
    await editing(actor);
    // Another command's dialog does not take it; the same command's does.
    actor.send({
      type: 'lifecycle.command',
      command: { type: 'supplier.rank', ranking: 0 },
      ask: 'ranking',
    });
    expect(typed()).toBe('');
    actor.send({ type: 'dialog.cancel' });
    reject();
    expect(typed()).toBe('Blurred licence');
    // Cancelled, it is dropped.
    actor.send({ type: 'dialog.cancel' });
    reject();
    expect(typed()).toBe('');
    // Done, it is dropped too.
    actor.send({ type: 'dialog.change', value: 'Blurred again' });
    refuse = false;
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.record?.version === 2);
    reject();
    expect(typed()).toBe('');
  });

  it('says a command refused on a stale version drops no edits when the form has none', async () => {
    const { actor } = start(1, {
      command: async () => {
        throw conflictError;
      },
    });
    await editing(actor);
    expect(selectHasEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(selectHasEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'conflict.keepEditing' });
    actor.send({ type: 'field.change', field: 'bio', value: 'Mine' });
    expect(selectHasEdits(actor.getSnapshot())).toBe(true);
  });

  it('rejects with a reason the lifecycle accepts, sent with the loaded version, and shows the new history', async () => {
    let sent: unknown;
    const newer = [{ ...history[0], version: 2, type: 'SupplierRejected', reason: 'blurred' }, ...history];
    const { actor, emitted } = start(1, {
      command: async (i) => (
        (sent = i),
        { record: supplierRow({ audit_state: 'reject', version: 2 }), history: newer }
      ),
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'unsaved' });
    actor.send({
      type: 'lifecycle.command',
      command: { type: 'supplier.reject', reason: '' },
      ask: 'reason',
    });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().context.dialog?.problem).toBe('supply.reason.reasonRequired');
    actor.send({ type: 'dialog.change', value: ' blurred ' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.history.length === 2);
    expect(sent).toEqual({ id: 1, command: { type: 'supplier.reject', reason: 'blurred' }, version: 1 });
    // The toast names the command done (from its dialog), and that the form's edits are not saved with it.
    expect(emitted).toContainEqual({
      type: 'toast',
      intent: 'warning',
      unsavedEdits: true,
      key: 'detail.toast.done',
      command: 'supplier.reject',
    });
    // A command keeps unsaved form edits.
    expect(actor.getSnapshot().context.form.bio).toBe('unsaved');
  });

  it('reads a number typed with full-width digits as its ASCII digits: a dialog’s ranking, a mobile, an ID number', async () => {
    let sent: unknown;
    const { actor } = start(1, {
      command: async (i) => ((sent = i), { record: supplierRow({ ranking: 12, version: 2 }), history }),
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'mobile', value: '１３９１０００００００' });
    actor.send({ type: 'field.change', field: 'id_card_no', value: '１１０１０１１９９００３０７７６７５' });
    // Kept as ASCII as typed: the field shows it, and the rules judge it.
    expect(actor.getSnapshot().context.form.mobile).toBe('13910000000');
    expect(actor.getSnapshot().context.form.id_card_no).toBe('110101199003077675');
    // A field not declared a number keeps what was typed.
    actor.send({ type: 'field.change', field: 'full_address', value: '１号楼' });
    expect(actor.getSnapshot().context.form.full_address).toBe('１号楼');
    actor.send({
      type: 'lifecycle.command',
      command: { type: 'supplier.rank', ranking: 0 },
      ask: 'ranking',
    });
    actor.send({ type: 'dialog.change', value: ' １２ ' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, () => sent !== undefined);
    expect(sent).toEqual({ id: 1, command: { type: 'supplier.rank', ranking: 12 }, version: 1 });
  });

  it('says a command done on an unchanged form is a success, with nothing left to save', async () => {
    const { actor, emitted } = start(1, {
      command: async () => ({ record: supplierRow({ audit_state: 'pass', version: 2 }), history }),
    });
    await editing(actor);
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, () => emitted.some((e) => e.type === 'toast'));
    expect(emitted.filter((e) => e.type === 'toast')).toEqual([
      { type: 'toast', intent: 'success', key: 'detail.toast.done', command: 'supplier.approve' },
    ]);
  });

  it('says so too where a save always sends a field (a reply box), as long as nothing was typed', async () => {
    const replies = { ...supplierScreen, changes: () => ({ message: '' }) } as DetailEntity;
    const { actor, emitted } = start(
      1,
      { command: async () => ({ record: supplierRow({ audit_state: 'pass', version: 2 }), history }) },
      replies,
    );
    await editing(actor);
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, () => emitted.some((e) => e.type === 'toast'));
    expect(emitted.filter((e) => e.type === 'toast')).toEqual([
      { type: 'toast', intent: 'success', key: 'detail.toast.done', command: 'supplier.approve' },
    ]);
  });

  it('announces a save the server refused, and not a command it refused (its dialog or button says it)', async () => {
    const { actor, emitted } = start(1, {
      save: async () => {
        throw refusedError;
      },
      command: async () => {
        throw refusedError;
      },
    });
    await editing(actor);
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
    expect(emitted).not.toContainEqual({ type: 'form.problems' });
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, () => emitted.some((e) => e.type === 'form.problems'));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it("drops the server's refusal once a field changes, or when a save stops at the form's own checks", async () => {
    const { actor } = start(1, {
      save: async () => {
        throw refusedError;
      },
      command: async () => {
        throw refusedError;
      },
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
    actor.send({ type: 'field.change', field: 'bio', value: 'Another bio' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
    // A command refused while the form holds a mobile that is none: the save the form stops says only that.
    actor.send({ type: 'field.change', field: 'mobile', value: '123' });
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
    expect(actor.getSnapshot().context.errors.mobile).toBeTruthy();
  });

  it('empties a field that belongs to the one changed, and drops the server’s word on each field changed', async () => {
    // As a notice's audience drops its recipient: here the bio belongs to the real name.
    const entity = { ...supplierScreen, belongsTo: { bio: 'real_name' } } as DetailEntity;
    const refusal = new ApiError('bio is not valid.', 400, 400, {
      field: 'bio',
      reason_key: 'errors.validation.invalid',
    });
    const { actor } = start(1, { save: async () => Promise.reject(refusal) }, entity);
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errors.bio !== undefined);
    actor.send({ type: 'field.change', field: 'mobile', value: '13900000000' });
    expect(actor.getSnapshot().context.errors.bio, 'another field changed: the bio was not').toBeDefined();
    actor.send({ type: 'field.change', field: 'real_name', value: 'Wang Fang' });
    expect(actor.getSnapshot().context.form).toMatchObject({ real_name: 'Wang Fang', bio: '' });
    expect(actor.getSnapshot().context.errors.bio).toBeUndefined();
  });

  it('keeps the values of a field the server refused for its text (a limit), and only for that refusal', async () => {
    const refusals = [
      new ApiError('bio must be at most 500 characters.', 400, 400, {
        field: 'bio',
        reason_key: 'errors.validation.maxLength',
        values: { field: 'bio', limit: 500, note: { nested: true } },
      }),
      new ApiError('bio is not valid.', 400, 400, { field: 'bio', reason_key: 'errors.validation.invalid' }),
    ];
    const { actor } = start(1, {
      save: async () => {
        throw refusals.shift();
      },
    });
    await editing(actor);
    actor.send({ type: 'field.change', field: 'bio', value: 'New bio' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
    expect(actor.getSnapshot().context.errors.bio).toBe('errors.validation.maxLength');
    expect(actor.getSnapshot().context.errorValues.bio).toEqual({ field: 'bio', limit: 500 });
    // Typed again, the field's problem and its values go.
    actor.send({ type: 'field.change', field: 'bio', value: 'Another bio' });
    expect(actor.getSnapshot().context.errorValues.bio).toBeUndefined();
    // The next refusal of the field brings its own values (none), not the last one's.
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errors.bio === 'errors.validation.invalid');
    expect(actor.getSnapshot().context.errorValues.bio).toEqual({});
    // The form's own rules replace the server's values with theirs: a limit where the text names one.
    actor.send({ type: 'field.change', field: 'mobile', value: '123' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errorValues).toEqual({});
    actor.send({ type: 'field.change', field: 'name', value: 'n'.repeat(51) });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      mobile: 'supply.validation.mobile',
      name: 'supply.validation.tooLong',
    });
    expect(actor.getSnapshot().context.errorValues).toEqual({ name: { max: 50 } });
  });

  it('is busy exactly while it waits on the server, and says which record it is on', async () => {
    const { actor } = start(1);
    await editing(actor);
    const { context } = actor.getSnapshot();
    const busy = ['saving', 'acting', 'uploading', 'loading', 'refreshing', 'rebasing'];
    for (const value of Object.keys(detailScreenMachine.root.states)) {
      const s = detailScreenMachine.resolveState({ value, context });
      expect(selectIsBusy(s), value).toBe(busy.includes(value));
      expect(selectConflict(s), value).toBe(value === 'conflict');
    }
    expect(selectIsNew(actor.getSnapshot())).toBe(false);
    expect(selectIsNew(start(null).actor.getSnapshot())).toBe(true);
  });

  it('keeps a refused command as an inline error', async () => {
    const { actor } = start(1, {
      command: async () => {
        throw refusedError;
      },
    });
    await editing(actor);
    actor.send({ type: 'lifecycle.command', command: { type: 'supplier.approve' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
    expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
  });

  it('adds an uploaded cover, refuses the same file twice, and replaces a single image', async () => {
    const { actor } = start(1);
    await editing(actor);
    const file = new File(['x'], 'front.png', { lastModified: 5 });
    actor.send({ type: 'upload.start', field: 'covers', file });
    await editing(actor);
    actor.send({ type: 'upload.start', field: 'covers', file });
    expect(actor.getSnapshot().context.uploadError?.keys).toEqual(['detail.upload.duplicate']);
    actor.send({ type: 'upload.start', field: 'id_card_back', file });
    await editing(actor);
    const { form } = actor.getSnapshot().context;
    expect(form.covers).toEqual([...supplierRow().covers, '/uploads/new.png']);
    expect(form.id_card_back).toBe('/uploads/new.png');
  });

  it('reorders and removes list items', async () => {
    const { actor } = start(1, {
      load: async () => ({ record: supplierRow({ covers: ['/a.png', '/b.png', '/c.png'] }), history }),
    });
    await editing(actor);
    actor.send({ type: 'item.move', field: 'covers', index: 0, delta: 1 });
    actor.send({ type: 'item.move', field: 'covers', index: 2, delta: 1 }); // past the end: nothing
    actor.send({ type: 'item.remove', field: 'covers', index: 2 });
    expect(actor.getSnapshot().context.form.covers).toEqual(['/b.png', '/a.png']);
  });

  it('refuses more images than the entity allows', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `/uploads/${i}.png`);
    const { actor } = start(1, { load: async () => ({ record: supplierRow({ covers: nine }), history }) });
    await editing(actor);
    actor.send({ type: 'upload.start', field: 'covers', file: new Blob(['x']) });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('leaves for the list when a command removed the record (a deleted city)', async () => {
    const city = cityRow({ version: 1, is_enabled: false, supplier_count: 0 });
    const { actor, emitted } = start(
      4,
      { load: async () => ({ record: city, history }), command: async () => null },
      serviceCityScreen as DetailEntity,
      'admin',
    );
    await editing(actor);
    expect(allowedHere(actor.getSnapshot(), 'serviceCity.delete')).toEqual({ ok: true });
    // Deleted with something typed: once it is gone, leaving drops nothing (the page does not ask).
    actor.send({ type: 'field.change', field: 'ranking', value: '7' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'lifecycle.command', command: { type: 'serviceCity.delete' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(emitted).toContainEqual({ type: 'record.removed', id: 4 });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('asks before a save that closes a city: cancelled, nothing is sent; confirmed, the save is sent as typed', async () => {
    const city = cityRow({ version: 2, is_enabled: true, supplier_count: 3 });
    const saves: Array<{ body: Record<string, unknown>; version: number }> = [];
    const { actor } = start(
      4,
      {
        load: async () => ({ record: city, history }),
        save: async ({ body, version }) => {
          saves.push({ body, version });
          return { record: { ...city, ...body, version: city.version + saves.length }, history };
        },
      },
      serviceCityScreen as DetailEntity,
      'admin',
    );
    await editing(actor);
    // Another change saves at once.
    actor.send({ type: 'field.change', field: 'ranking', value: '5' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 1);
    expect(saves[0]).toEqual({ body: { ranking: 5 }, version: 2 });
    // Turned off, the save asks first, with the close dialog; cancelled, the form keeps the switch off.
    actor.send({ type: 'field.change', field: 'is_enabled', value: false });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches('confirmingSave')).toBe(true);
    expect(selectDialog(actor.getSnapshot())).toEqual({
      command: { type: 'serviceCity.close' },
      field: '',
      value: '',
      problem: null,
    });
    actor.send({ type: 'dialog.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectDialog(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.form.is_enabled).toBe(false);
    expect(saves).toHaveLength(1);
    // Confirmed, the save goes with the version it was loaded with.
    actor.send({ type: 'form.save' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 2);
    expect(saves[1]).toEqual({ body: { is_enabled: false }, version: 3 });
    // Switched back on, it saves at once.
    actor.send({ type: 'field.change', field: 'is_enabled', value: true });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 3);
    expect(saves[2]?.body).toEqual({ is_enabled: true });
  });

  it('does not ask before a save whose command the rules refuse: it is sent, and the server says why', async () => {
    const city = cityRow({ version: 2, is_enabled: true, supplier_count: 0 });
    const saves: Array<Record<string, unknown>> = [];
    const { actor } = start(
      4,
      {
        load: async () => ({ record: city, history }),
        save: async ({ body }) => {
          saves.push(body);
          return { record: { ...city, ...body, version: 3 }, history };
        },
      },
      serviceCityScreen as DetailEntity,
      'user',
    );
    await editing(actor);
    expect(allowedHere(actor.getSnapshot(), 'serviceCity.close').ok).toBe(false);
    actor.send({ type: 'field.change', field: 'is_enabled', value: false });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches('confirmingSave')).toBe(false);
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 1);
    expect(saves[0]).toEqual({ is_enabled: false });
  });

  it('says a record the server does not have is missing, with nothing to retry; another failure may be retried', async () => {
    const failing = (error: ApiError) =>
      start(1, {
        load: async () => {
          throw error;
        },
      }).actor;
    const missing = failing(notFoundError);
    await waitFor(missing, (s) => s.matches('missing'));
    expect(missing.getSnapshot().context.loadError?.message).toBe('Supplier 1 not found.');
    expect(missing.getSnapshot().can({ type: 'detail.retry' })).toBe(false);
    const offline = failing(networkError);
    await waitFor(offline, (s) => s.matches('loadFailed'));
    offline.send({ type: 'detail.retry' });
    expect(offline.getSnapshot().matches('loading')).toBe(true);
  });

  it('keeps the form usable when its choices cannot be loaded', async () => {
    let saved = false;
    const { actor } = start(1, {
      lookups: async () => {
        throw networkError;
      },
      save: async () => ((saved = true), loaded),
    });
    await waitFor(actor, (s) => s.matches('editing') && s.context.lookupsError !== null);
    actor.send({ type: 'field.change', field: 'bio', value: 'Still editable' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, () => saved);
  });
});

describe('the entities’ screen declarations', () => {
  it('supplier: the city select keeps a closed city of the supplier’s own, marked closed', () => {
    expect(cityOptionsOf(['Shanghai'], 'Beijing', 'Beijing')).toEqual([
      { name: 'Shanghai', closed: false },
      { name: 'Beijing', closed: true },
    ]);
    expect(cityOptionsOf(null, 'Beijing', 'Beijing')).toEqual([{ name: 'Beijing', closed: false }]);
  });

  it('project: a form over a row sends only the changed fields, prices as the form holds them', () => {
    const row = {
      id: 1,
      version: 1,
      project_name: 'Cleaning',
      cover: '',
      carouse_covers: ['/a.png'],
      summary: 's',
      min_price: '199.00',
      max_price: null,
      duration: 60,
      intro: '',
      avoid: '',
      order_instruction: '',
      kind: 'normal' as const,
      renewal_unit: null,
      renewal_unit_price: null,
      ranking: 0,
      is_display: false,
      is_enabled: true,
      created_by: 1,
      created_at: '',
      updated_at: '',
    };
    const form = { ...projectScreen.formOf(row), min_price: '200', carouse_covers: ['/a.png'] };
    expect(projectScreen.changes(row, form)).toEqual({ min_price: '200' });
    expect(projectScreen.problems({ ...form, min_price: 'abc' }, '2026-01-01')).toHaveProperty('min_price');
  });

  it('service city: the form checks name and ranking and sends only what changed', () => {
    const row = {
      id: 1,
      version: 1,
      name: 'Beijing',
      is_enabled: true,
      ranking: 3,
      created_by: 1,
      created_at: '',
      updated_at: '',
    };
    expect(serviceCityScreen.problems({ name: ' ', ranking: '1.5', is_enabled: true }, '')).toEqual({
      name: 'system.city.error.name',
      ranking: 'system.city.error.ranking',
    });
    expect(serviceCityScreen.changes(row, { name: ' Beijing ', ranking: '4', is_enabled: true })).toEqual({
      ranking: 4,
    });
    // Typed with a Chinese input method's full-width digits: the same ranking.
    expect(serviceCityScreen.problems({ name: 'Beijing', ranking: '１２', is_enabled: true }, '')).toEqual(
      {},
    );
    expect(serviceCityScreen.changes(row, { name: 'Beijing', ranking: '１２', is_enabled: true })).toEqual({
      ranking: 12,
    });
    expect(serviceCityScreen.changes(null, { name: 'Nanjing', ranking: '0', is_enabled: false })).toEqual({
      name: 'Nanjing',
      ranking: 0,
      is_enabled: false,
    });
  });
});
