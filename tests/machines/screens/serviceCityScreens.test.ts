import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { cityErrorText, serviceCityFormMachine } from '@/machines/screens/serviceCityFormMachine';
import { rowActions, serviceCityListMachine } from '@/machines/screens/serviceCityListMachine';
import { ApiError } from '@/services/http';
import type { CityHistoryEntry, ServiceCityDto } from '@/services/serviceCities';
import { describeMachinePaths } from '../../support/machinePaths';

const city = (o: Partial<ServiceCityDto> = {}): ServiceCityDto => ({
  id: 1,
  version: 1,
  name: 'Beijing',
  is_enabled: true,
  ranking: 1,
  supplier_count: 0,
  created_by: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...o,
});
const listed = {
  items: [city(), city({ id: 2, name: 'Xiamen', is_enabled: false })],
  total: 2,
  page: 1,
  page_size: 10,
};
const conflict = new ApiError('changed', 40901, 409);
const inUse = new ApiError('Cannot delete the service city "Beijing": 3 suppliers are in it.', 40903, 409, {
  reason_key: 'system.city.reason.inUse',
  supplier_count: 3,
});
const network = new ApiError('Request Error', undefined, 0);

describeMachinePaths(serviceCityListMachine, {
  input: { role: 'admin' },
  events: [
    { type: 'xstate.done.actor.loadCities', output: listed },
    { type: 'xstate.error.actor.loadCities', error: network },
    { type: 'xstate.done.actor.toggleCity', output: city() },
    { type: 'xstate.error.actor.toggleCity', error: conflict },
    { type: 'xstate.error.actor.toggleCity', error: inUse },
    { type: 'xstate.done.actor.deleteCity', output: null },
    { type: 'xstate.error.actor.deleteCity', error: conflict },
    { type: 'xstate.error.actor.deleteCity', error: inUse },
    { type: 'list.retry' },
    { type: 'list.refresh' },
    { type: 'query.type', text: 'bei' },
    { type: 'query.submit' },
    { type: 'sort.change', sort: 'name' },
    { type: 'page.change', page: 2 },
    { type: 'row.toggle', id: 1 },
    { type: 'row.delete', id: 2 },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
  ],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.items.length > 0]),
});

describeMachinePaths(serviceCityFormMachine, {
  input: { id: 1, role: 'admin' },
  events: (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.loadCity', output: { city: city(), history: [] } },
    { type: 'xstate.error.actor.loadCity', error: network },
    {
      type: 'xstate.done.actor.saveCity',
      output: { city: city({ name: 'Peking', version: 2 }), history: [] },
    },
    { type: 'xstate.error.actor.saveCity', error: conflict },
    { type: 'xstate.error.actor.saveCity', error: inUse },
    { type: 'form.retry' },
    {
      type: 'field.change',
      field: 'name',
      value: s.context.form.name === 'Beijing' ? 'Peking' : s.context.form.name === 'Peking' ? '' : 'Beijing',
    },
    { type: 'enabled.change', value: true },
    { type: 'form.save' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepEditing' },
  ],
  skip: {
    'serviceCityForm.starting': 'transient: an eventless choice between create (editing) and edit (loading)',
    'serviceCityForm.editing|form.save|0': 'the non-admin branch: covered by "a user cannot save" below',
  },
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.context.form.name, s.context.city !== null]),
});

function startList(
  role: string,
  impl: { toggle?: () => Promise<unknown>; remove?: () => Promise<unknown> } = {},
) {
  let loads = 0;
  const machine = serviceCityListMachine.provide({
    actors: {
      loadCities: fromPromise(async () => (loads++, listed)),
      toggleCity: fromPromise(async () => (impl.toggle ?? (async () => city()))()),
      deleteCity: fromPromise(async () => (impl.remove ?? (async () => null))()),
    },
  });
  const actor = createActor(machine, { input: { role } }).start();
  return { actor, loads: () => loads };
}

describe('service city list screen', () => {
  it('offers toggles and delete only to admins, with the reason', () => {
    expect(rowActions(city(), 'user').toggle).toEqual({
      allowed: false,
      reasonKey: 'system.city.reason.adminOnly',
    });
    expect(rowActions(city(), 'admin').toggle.allowed).toBe(true);
  });

  it('a user cannot toggle: the event is ignored', async () => {
    const { actor } = startList('user');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.toggle', id: 1 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('deletes after confirmation and reloads; a refused delete keeps its reason key and the server message', async () => {
    const ok = startList('admin');
    await waitFor(ok.actor, (s) => s.matches('ready'));
    ok.actor.send({ type: 'row.delete', id: 2 });
    expect(ok.actor.getSnapshot().context.target?.name).toBe('Xiamen');
    ok.actor.send({ type: 'dialog.confirm' });
    await waitFor(ok.actor, (s) => s.matches('ready') && ok.loads() === 2);

    const refused = startList('admin', {
      remove: async () => {
        throw inUse;
      },
    });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    refused.actor.send({ type: 'row.delete', id: 1 });
    refused.actor.send({ type: 'dialog.confirm' });
    await waitFor(refused.actor, (s) => s.matches('ready') && s.context.actionError !== null);
    expect(refused.actor.getSnapshot().context.actionError).toEqual({
      keys: ['system.city.reason.inUse'],
      values: { supplier_count: 3, count: 3 },
      message: 'Cannot delete the service city "Beijing": 3 suppliers are in it.',
    });
  });

  it('sorting the same column twice flips the order and returns to page 1', async () => {
    const { actor } = startList('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page.change', page: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'sort.change', sort: 'ranking' });
    expect(actor.getSnapshot().context.query).toMatchObject({ sort: 'ranking', order: 'desc', page: 1 });
  });
});

describe('service city form screen', () => {
  it('a user cannot save (read-only)', () => {
    const actor = createActor(serviceCityFormMachine, { input: { id: null, role: 'user' } }).start();
    actor.send({ type: 'field.change', field: 'name', value: 'Anywhere' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('validates name and ranking before sending; creates with every field', async () => {
    let sent: unknown;
    const machine = serviceCityFormMachine.provide({
      actors: {
        saveCity: fromPromise(
          async ({ input }: { input: { id: number | null; changes: object; version: number } }) => {
            sent = input;
            return { city: city({ id: 9, name: 'Foshan' }), history: [] as CityHistoryEntry[] };
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { id: null, role: 'admin' } });
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    actor.send({ type: 'field.change', field: 'ranking', value: '1.5' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'system.city.error.name',
      ranking: 'system.city.error.ranking',
    });
    actor.send({ type: 'field.change', field: 'name', value: ' Foshan ' });
    actor.send({ type: 'field.change', field: 'ranking', value: '4' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.id === 9);
    expect(sent).toEqual({ id: null, changes: { name: 'Foshan', ranking: 4, is_enabled: true }, version: 0 });
    expect(emitted).toContainEqual({ type: 'city.saved', id: 9 });
  });

  it('a taken name (40903 naming the field) gets its own text; other failures keep errorTextOf', () => {
    const taken = new ApiError('A service city named "Beijing" already exists.', 40903, 409, {
      field: 'name',
      id: 1,
    });
    expect(cityErrorText(taken)).toEqual({ keys: ['system.city.reason.nameTaken'], message: taken.message });
    expect(cityErrorText(inUse).keys).toEqual(['system.city.reason.inUse']);
    expect(cityErrorText(network).keys).toEqual(['errors.request']);
  });
});
