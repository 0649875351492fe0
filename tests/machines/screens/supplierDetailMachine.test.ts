import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cityOptionsOf, supplierDetailMachine } from '@/machines/screens/supplierDetailMachine';
import type { SupplierEventType } from '@/machines/lifecycles/supplierMachine';
import type { SupplierProfile } from '@/machines/lifecycles/supplierProfile';
import type { SupplierDto } from '@/services/suppliers';
import { validProfile } from '../lifecycles/supplierFixtures';
import { describeMachinePaths } from '../../support/machinePaths';
import { conflictError, history, networkError, refusedError, supplierRow } from './supplierScreenFixtures';

const loaded = { supplier: supplierRow(), history };

describeMachinePaths(supplierDetailMachine, {
  input: { id: 1, role: 'user', today: '2026-11-21' },
  events: (s) => [
    { type: 'xstate.done.actor.loadSupplier', output: loaded },
    { type: 'xstate.error.actor.loadSupplier', error: networkError },
    { type: 'xstate.done.actor.saveSupplier', output: loaded },
    { type: 'xstate.error.actor.saveSupplier', error: conflictError },
    { type: 'xstate.error.actor.saveSupplier', error: refusedError },
    { type: 'xstate.done.actor.sendCommand', output: loaded },
    { type: 'xstate.error.actor.sendCommand', error: conflictError },
    { type: 'xstate.error.actor.sendCommand', error: refusedError },
    { type: 'xstate.done.actor.uploadImage', output: '/uploads/x.png' },
    { type: 'xstate.error.actor.uploadImage', error: networkError },
    { type: 'xstate.done.actor.loadCities', output: ['Beijing', 'Shanghai'] },
    { type: 'xstate.error.actor.loadCities', error: networkError },
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
    { type: 'cover.remove', index: 0 },
    { type: 'upload.start', field: 'id_card_front', file: new Blob(['x']) },
    { type: 'form.save' },
    { type: 'lifecycle.command', commandType: 'supplier.approve' },
    { type: 'audit.reject' },
    { type: 'dialog.reasonChange', reason: s.context.reason ? '' : 'blurred' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepEditing' },
  ],
  skip: {
    'supplierDetail.starting':
      'transient: an eventless choice between create (editing) and edit (loading), both walked',
    'supplierDetail.saving|xstate.done.actor.saveSupplier|0':
      'create mode (input id null): covered by "creates a supplier and announces its id" below',
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form.mobile,
      s.context.form.covers.length,
      s.context.reason !== '',
      s.context.supplier !== null,
    ]),
});

interface Impl {
  load?: () => Promise<typeof loaded>;
  save?: (input: {
    id: number | null;
    form: SupplierProfile;
    changes: Partial<SupplierProfile>;
    version: number;
  }) => Promise<typeof loaded>;
  command?: (input: {
    id: number;
    command: { type: SupplierEventType; reason?: string };
    version: number;
  }) => Promise<typeof loaded>;
  upload?: () => Promise<string>;
  cities?: () => Promise<string[]>;
}

function start(id: number | null, impl: Impl = {}) {
  const machine = supplierDetailMachine.provide({
    actors: {
      loadSupplier: fromPromise(async () => (impl.load ?? (async () => loaded))()),
      saveSupplier: fromPromise(async ({ input }: { input: Parameters<NonNullable<Impl['save']>>[0] }) =>
        (impl.save ?? (async () => loaded))(input),
      ),
      sendCommand: fromPromise(async ({ input }: { input: Parameters<NonNullable<Impl['command']>>[0] }) =>
        (impl.command ?? (async () => loaded))(input),
      ),
      uploadImage: fromPromise(async () => (impl.upload ?? (async () => '/uploads/new.png'))()),
      loadCities: fromPromise(async () => (impl.cities ?? (async () => ['Beijing', 'Shanghai']))()),
    },
  });
  const actor = createActor(machine, { input: { id, role: 'user', today: '2026-11-21' } });
  const emitted: Array<{ type: string }> = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted };
}

describe('supplier detail screen', () => {
  it('saves only the changed fields with the loaded version', async () => {
    let saved: unknown;
    const { actor } = start(1, {
      save: async (input) => {
        saved = input;
        return { supplier: { ...supplierRow(), bio: 'New', version: 2 } as SupplierDto, history };
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'bio', value: 'New' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.supplier?.version === 2);
    expect(saved).toMatchObject({ id: 1, changes: { bio: 'New' }, version: 1 });
    expect(Object.keys((saved as { changes: object }).changes)).toEqual(['bio']);
  });

  it('does not send an invalid form and shows every field problem', () => {
    const { actor } = start(null);
    actor.send({ type: 'field.change', field: 'name', value: 'X' });
    actor.send({ type: 'form.save' });
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.errors).toMatchObject({
      mobile: 'supply.validation.required',
      id_card_no: 'supply.validation.required',
    });
    expect(s.context.errors.name).toBeUndefined();
  });

  it('starts a new supplier with no gender and requires one before saving', () => {
    const { actor } = start(null);
    expect(actor.getSnapshot().context.form.gender).toBe('');
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errors.gender).toBe('supply.validation.required');
    actor.send({ type: 'field.change', field: 'gender', value: 'female' });
    expect(actor.getSnapshot().context.errors.gender).toBeUndefined();
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errors.gender).toBeUndefined();
  });

  it('creates a supplier and announces its id', async () => {
    const { actor, emitted } = start(null, {
      save: async (input) => ({
        supplier: { ...supplierRow(), ...input.form, id: 7 } as SupplierDto,
        history,
      }),
    });
    const p = validProfile();
    for (const [field, value] of Object.entries(p)) {
      if (field !== 'covers')
        actor.send({ type: 'field.change', field: field as 'name', value: value as string });
    }
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.id === 7);
    expect(emitted).toContainEqual({ type: 'supplier.created', id: 7 });
  });

  it('offers a reload on a version conflict, keeping the edits until the user chooses', async () => {
    let loads = 0;
    const { actor } = start(1, {
      load: async () => (loads++, loaded),
      save: async () => {
        throw conflictError;
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'bio', value: 'Mine' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.form.bio).toBe('Mine');
    actor.send({ type: 'conflict.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(loads).toBe(2);
    expect(actor.getSnapshot().context.form.bio).toBe(supplierRow().bio);
  });

  it('rejects with a reason through the dialog and shows the new history', async () => {
    let sent: unknown;
    const newer = [{ ...history[0], version: 2, type: 'SupplierRejected', reason: 'blurred' }, ...history];
    const { actor } = start(1, {
      command: async (input) => {
        sent = input;
        return {
          supplier: { ...supplierRow(), audit_state: 'reject', version: 2 } as SupplierDto,
          history: newer,
        };
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'audit.reject' });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().context.reasonInvalid).toBe(true);
    actor.send({ type: 'dialog.reasonChange', reason: ' blurred ' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.history.length === 2);
    expect(sent).toEqual({ id: 1, command: { type: 'supplier.reject', reason: 'blurred' }, version: 1 });
  });

  it('adds an uploaded cover and replaces an ID card image', async () => {
    const { actor } = start(1);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'upload.start', field: 'covers', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'upload.start', field: 'id_card_back', file: new Blob(['x']) });
    await waitFor(actor, (s) => s.matches('editing'));
    const { form } = actor.getSnapshot().context;
    expect(form.covers).toEqual([...supplierRow().covers, '/uploads/new.png']);
    expect(form.id_card_back).toBe('/uploads/new.png');
  });

  it('keeps a refused command as an inline error', async () => {
    const { actor } = start(1, {
      command: async () => {
        throw refusedError;
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'lifecycle.command', commandType: 'supplier.approve' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.actionError !== null);
    expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
    expect(actor.getSnapshot().context.actionError?.message).toMatch(/Cannot approve/);
  });

  it('offers the open cities for a new supplier and requires one', async () => {
    const { actor } = start(null, { cities: async () => ['Shanghai', 'Beijing'] });
    await waitFor(actor, (s) => s.context.cities !== null);
    const { context } = actor.getSnapshot();
    expect(context.form.city).toBe('');
    expect(cityOptionsOf(context.cities, '', context.form.city)).toEqual([
      { name: 'Shanghai', closed: false },
      { name: 'Beijing', closed: false },
    ]);
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errors.city).toBe('supply.validation.required');
    actor.send({ type: 'field.change', field: 'city', value: 'Beijing' });
    expect(actor.getSnapshot().context.errors.city).toBeUndefined();
  });

  it('keeps a supplier whose city was closed in that city while other fields change', async () => {
    let saved: unknown;
    const { actor } = start(1, {
      cities: async () => ['Shanghai'], // Beijing (the supplier's city) was closed
      save: async (input) => {
        saved = input;
        return { supplier: { ...supplierRow(), bio: 'New', version: 2 } as SupplierDto, history };
      },
    });
    await waitFor(actor, (s) => s.matches('editing') && s.context.cities !== null);
    const { context } = actor.getSnapshot();
    expect(context.form.city).toBe('Beijing');
    expect(cityOptionsOf(context.cities, context.supplier!.city, context.form.city)).toEqual([
      { name: 'Shanghai', closed: false },
      { name: 'Beijing', closed: true },
    ]);
    actor.send({ type: 'field.change', field: 'bio', value: 'New' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.supplier?.version === 2);
    expect(saved).toMatchObject({ changes: { bio: 'New' } });
    expect(Object.keys((saved as { changes: object }).changes)).toEqual(['bio']);
  });

  it('keeps the form usable when the city list cannot be loaded', async () => {
    let saved = false;
    const { actor } = start(1, {
      cities: async () => {
        throw networkError;
      },
      save: async () => ((saved = true), loaded),
    });
    await waitFor(actor, (s) => s.matches('editing') && s.context.citiesError !== null);
    const { context } = actor.getSnapshot();
    expect(context.cities).toBeNull();
    // The current city stays selectable (not marked closed: whether it is open is unknown).
    expect(cityOptionsOf(context.cities, context.supplier!.city, context.form.city)).toEqual([
      { name: 'Beijing', closed: false },
    ]);
    actor.send({ type: 'field.change', field: 'bio', value: 'Still editable' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, () => saved);
    expect(actor.getSnapshot().context.citiesError).not.toBeNull();
  });
});
