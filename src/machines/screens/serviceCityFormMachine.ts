import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from '@/machines/app/intents';
import { cityRoleMay } from '@/machines/lifecycles/serviceCityLifecycle';
import {
  isValidCityName,
  isValidCityRanking,
  normalizeCityName,
} from '@/machines/lifecycles/serviceCityMachine';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ApiError } from '@/services/http';
import {
  createServiceCity,
  getServiceCity,
  getServiceCityHistory,
  updateServiceCity,
  type CityFields,
  type CityHistoryEntry,
  type ServiceCityDto,
} from '@/services/serviceCities';

/**
 * Add or edit one service city (/system/update-service-city, `?id=` to edit): name, ranking, enabled, and the
 * city's history.
 *
 * Invariants:
 * - nothing is sent while the form has errors (same rules as the server: a 1–50 character name, a whole ranking
 *   from 0 to 999999) or when nothing changed; only admins save (others see the form read-only);
 * - an edit is saved with the version the page loaded; a stale version ends in `conflict` (the reload offer) with
 *   the user's input kept until they choose.
 */

export interface CityForm {
  name: string;
  ranking: string;
  is_enabled: boolean;
}

export interface ServiceCityFormContext {
  id: number | null;
  role: string | null;
  city: ServiceCityDto | null;
  history: CityHistoryEntry[];
  form: CityForm;
  errors: Partial<Record<'name' | 'ranking', string>>;
  loadError: ErrorText | null;
  actionError: ErrorText | null;
}

export type ServiceCityFormEvent =
  | { type: 'form.retry' }
  | { type: 'field.change'; field: 'name' | 'ranking'; value: string }
  | { type: 'enabled.change'; value: boolean }
  | { type: 'form.save' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepEditing' };

export type ServiceCityFormEmitted = ToastEmitted | { type: 'city.saved'; id: number };

interface Loaded {
  city: ServiceCityDto;
  history: CityHistoryEntry[];
}

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;

/** A taken name (409 / 40903 naming the field `name`) has a text of its own; anything else as errorTextOf says. */
export function cityErrorText(error: ApiError | undefined): ErrorText {
  const text = errorTextOf(error);
  const data = (error?.data ?? null) as { field?: unknown } | null;
  if (text.keys.length === 0 && error?.code === 40903 && data?.field === 'name')
    return { ...text, keys: ['system.city.reason.nameTaken'] };
  return text;
}
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export function cityFormErrors(form: CityForm): Partial<Record<'name' | 'ranking', string>> {
  const errors: Partial<Record<'name' | 'ranking', string>> = {};
  if (!isValidCityName(form.name)) errors.name = 'system.city.error.name';
  const n = Number(form.ranking);
  if (!/^\d+$/.test(form.ranking.trim()) || !isValidCityRanking(n))
    errors.ranking = 'system.city.error.ranking';
  return errors;
}

export function cityChanges(city: ServiceCityDto | null, form: CityForm): Partial<CityFields> {
  const next: CityFields = {
    name: normalizeCityName(form.name),
    ranking: Number(form.ranking),
    is_enabled: form.is_enabled,
  };
  if (!city) return next;
  const out: Partial<CityFields> = {};
  if (next.name !== city.name) out.name = next.name;
  if (next.ranking !== city.ranking) out.ranking = next.ranking;
  if (next.is_enabled !== city.is_enabled) out.is_enabled = next.is_enabled;
  return out;
}

const formOf = (city: ServiceCityDto): CityForm => ({
  name: city.name,
  ranking: String(city.ranking),
  is_enabled: city.is_enabled,
});

export const serviceCityFormMachine = setup({
  types: {
    context: {} as ServiceCityFormContext,
    events: {} as ServiceCityFormEvent,
    input: {} as { id: number | null; role: string | null },
    emitted: {} as ServiceCityFormEmitted,
  },
  actors: {
    loadCity: fromPromise<Loaded, { id: number }>(async ({ input }) => {
      const [city, history] = await Promise.all([getServiceCity(input.id), getServiceCityHistory(input.id)]);
      return { city, history };
    }),
    saveCity: fromPromise<Loaded, { id: number | null; changes: Partial<CityFields>; version: number }>(
      async ({ input }) => {
        const city =
          input.id === null
            ? await createServiceCity(input.changes as CityFields)
            : await updateServiceCity(input.id, input.changes, input.version);
        return { city, history: await getServiceCityHistory(city.id) };
      },
    ),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    isAdmin: ({ context }) => cityRoleMay(context.role),
    formValid: ({ context }) => Object.keys(cityFormErrors(context.form)).length === 0,
    hasChanges: ({ context }) => Object.keys(cityChanges(context.city, context.form)).length > 0,
    isVersionConflict: ({ event }) => errorOf(event)?.code === 40901,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      const { city, history } = outputOf<Loaded>(event);
      return {
        id: city.id,
        city,
        history,
        form: formOf(city),
        errors: {},
        loadError: null,
        actionError: null,
      };
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)) }),
    storeActionError: assign({ actionError: ({ event }) => cityErrorText(errorOf(event)) }),
    clearActionError: assign({ actionError: null }),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    changeEnabled: assign({
      form: ({ context, event }) =>
        event.type === 'enabled.change' ? { ...context.form, is_enabled: event.value } : context.form,
    }),
    showErrors: assign({ errors: ({ context }) => cityFormErrors(context.form) }),
    toastSaved: emit({ type: 'toast', intent: 'success', key: 'system.city.toast.saved' } as ToastEmitted),
    toastNoChanges: emit({
      type: 'toast',
      intent: 'primary',
      key: 'system.city.toast.noChanges',
    } as ToastEmitted),
    announceSaved: emit(({ event }) => ({
      type: 'city.saved' as const,
      id: outputOf<Loaded>(event).city.id,
    })),
  },
}).createMachine({
  id: 'serviceCityForm',
  context: ({ input }) => ({
    id: input.id,
    role: input.role,
    city: null,
    history: [],
    form: { name: '', ranking: '0', is_enabled: true },
    errors: {},
    loadError: null,
    actionError: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadCity',
        src: 'loadCity',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: { on: { 'form.retry': 'loading' } },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'enabled.change': { actions: 'changeEnabled' },
        'form.save': [
          { guard: not('isAdmin') },
          { guard: not('formValid'), actions: 'showErrors' },
          { guard: not('hasChanges'), actions: 'toastNoChanges' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      entry: 'clearActionError',
      invoke: {
        id: 'saveCity',
        src: 'saveCity',
        input: ({ context }) => ({
          id: context.id,
          changes: cityChanges(context.city, context.form),
          version: context.city?.version ?? 0,
        }),
        onDone: { target: 'editing', actions: ['storeLoaded', 'toastSaved', 'announceSaved'] },
        onError: [
          { guard: 'isVersionConflict', target: 'conflict' },
          { target: 'editing', actions: 'storeActionError' },
        ],
      },
    },
    conflict: {
      on: { 'conflict.reload': 'loading', 'conflict.keepEditing': 'editing' },
    },
  },
});

export type ServiceCityFormSnapshot = SnapshotFrom<typeof serviceCityFormMachine>;
export const selectReadOnly = (s: ServiceCityFormSnapshot) => !cityRoleMay(s.context.role);
export const selectBusy = (s: ServiceCityFormSnapshot) => s.matches('loading') || s.matches('saving');
