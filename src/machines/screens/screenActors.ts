import { fromPromise } from 'xstate';
import type { EntityApi, Versioned } from '@/services/entityApi';
import { detailScreenMachine, type Loaded } from './detailScreenMachine';
import { listScreenMachine, type Lookups } from './listScreenMachine';

/** A record and its history, as a detail screen loads them (`record` given: already fetched by a save). */
export async function loadWithHistory<Row extends Versioned>(
  api: EntityApi<Row>,
  id: number,
  record?: Row,
): Promise<Loaded<Row>> {
  const [row, history] = await Promise.all([record ?? api.get(id), api.history(id)]);
  return { record: row, history };
}

/** The list screen of an entity served by the kit's routes; `lookups` gives a filter's choices (cities, projects). */
export function listFor<Row extends Versioned>(
  api: EntityApi<Row>,
  lookups: () => Promise<Lookups> = async () => ({}),
) {
  return listScreenMachine.provide({
    actors: {
      fetchLookups: fromPromise(() => lookups()),
      fetchPage: fromPromise(({ input, signal }) => api.list(input, signal)),
      sendCommand: fromPromise(({ input }) => api.command(input.id, input.command, input.expectedVersion)),
      sendBulk: fromPromise(({ input }) => api.bulk(input.command, input.items)),
      exportLink: fromPromise(({ input }) => api.exportLink(input)),
    },
  });
}

/**
 * The detail screen of a record with a form: load with history, save (create, or the changed fields with the
 * loaded version), commands; `upload` stores a form image, `lookups` loads the form's choices once (open cities).
 */
export function formDetail<Row extends Versioned>(
  api: EntityApi<Row>,
  options: {
    upload?: (file: Blob, field: string) => Promise<string>;
    lookups?: () => Promise<Record<string, unknown>>;
  } = {},
) {
  return detailScreenMachine.provide({
    actors: {
      load: fromPromise(({ input }) => loadWithHistory(api, input.id)),
      save: fromPromise(async ({ input }) => {
        const record =
          input.id === null
            ? await api.create(input.body)
            : await api.save(input.id, input.body, input.version);
        return loadWithHistory(api, record.id, record);
      }),
      command: fromPromise(async ({ input }) => {
        const record = await api.command(input.id, input.command, input.version);
        return record && loadWithHistory(api, record.id, record);
      }),
      ...(options.upload
        ? { upload: fromPromise(({ input }) => options.upload!(input.file, input.field)) }
        : {}),
      ...(options.lookups ? { lookups: fromPromise(() => options.lookups!()) } : {}),
    },
  });
}

/** The form of a record that changes only by commands (an order, a refund): nothing to fill in or save. */
export const readOnlyForm = {
  emptyForm: () => ({}),
  formOf: () => ({}),
  problems: () => ({}),
  changes: () => ({}),
};

/**
 * The detail screen of a record that changes only by commands: load with history, and commands. `related` adds
 * what the page shows beside the record (an order's renewals and refunds), loaded with it every time.
 */
export function commandOnlyDetail<Row extends Versioned>(
  api: EntityApi<Row>,
  related?: (id: number) => Promise<Record<string, unknown>>,
) {
  const load = async (id: number, record?: Row): Promise<Loaded<Row>> => {
    const [loaded, more] = await Promise.all([loadWithHistory(api, id, record), related?.(id) ?? {}]);
    return { ...loaded, record: { ...loaded.record, ...more } };
  };
  return detailScreenMachine.provide({
    actors: {
      load: fromPromise(({ input }) => load(input.id)),
      save: fromPromise<Loaded, { id: number | null; body: Record<string, unknown>; version: number }>(() =>
        Promise.reject(new Error('This record has no form to save.')),
      ),
      command: fromPromise(async ({ input }) => {
        const record = await api.command(input.id, input.command, input.version);
        return record && load(record.id, record);
      }),
    },
  });
}
