import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ToastEmitted } from '@/machines/app/intents';
import { isValidReason, type SupplierEventType } from '@/machines/lifecycles/supplierMachine';
import {
  MAX_COVERS,
  changedFields,
  emptyProfile,
  validateSupplierProfile,
  type Gender,
  type ProfileField,
  type SupplierProfile,
} from '@/machines/lifecycles/supplierProfile';
import type { ApiError } from '@/services/http';
import { listOpenServiceCityNames } from '@/services/serviceCities';
import {
  VERSION_CONFLICT,
  createSupplier,
  getSupplier,
  getSupplierHistory,
  sendSupplierCommand,
  updateSupplier,
  uploadSupplierImage,
  type SupplierDto,
  type SupplierHistoryEntry,
} from '@/services/suppliers';
import { profileOfRow } from './supplierRows';

/**
 * The supplier detail screen (/supply/detail, add and edit): the profile form with image uploads, the audit
 * panel's lifecycle commands (reject through a reason dialog) and the history timeline.
 *
 * Invariants:
 * - saving sends only the changed fields with the version the page loaded; the server refuses a stale version
 *   and the machine then sits in `conflict` (the reload offer) with the user's edits kept until they choose;
 * - nothing is sent while the form has local validation errors (same rules as the server); a new supplier's
 *   form starts with no gender chosen, so the user must pick one;
 * - the reject dialog is open exactly in `rejecting`; an upload runs only in `uploading`;
 * - the city is chosen from the open service cities, loaded once for the screen's lifetime (`loadCities`, beside
 *   every state); the supplier's own city stays an option (marked closed) when its city was closed since, so
 *   editing other fields never forces a city change; a failed city load is kept as `citiesError` and leaves the
 *   form usable.
 */

export type ImageField = 'covers' | 'id_card_front' | 'id_card_back';

export interface SupplierDetailInput {
  id: number | null;
  role: string | null;
  /** `YYYY-MM-DD`, for "birthday in the past". */
  today: string;
}

/** The profile as the form holds it: a new supplier has no gender until the user picks one. */
export type SupplierForm = Omit<SupplierProfile, 'gender'> & { gender: Gender | '' };

/** An empty add form. */
export function emptyForm(): SupplierForm {
  return { ...emptyProfile(), gender: '' };
}

/** The form as a profile: only once it passed `validateSupplierProfile` (gender then is chosen). */
const asProfile = (form: SupplierForm) => form as SupplierProfile;

export interface SupplierDetailContext {
  id: number | null;
  role: string | null;
  today: string;
  supplier: SupplierDto | null;
  history: SupplierHistoryEntry[];
  form: SupplierForm;
  /** field → i18n key of its problem. */
  errors: Partial<Record<ProfileField, string>>;
  loadError: ErrorText | null;
  /** The server's message when a save or command was refused (other than a version conflict). */
  actionError: ErrorText | null;
  uploadError: ErrorText | null;
  upload: { field: ImageField; file: Blob } | null;
  reason: string;
  reasonInvalid: boolean;
  pending: { type: SupplierEventType; reason?: string } | null;
  /** Names of the open service cities, by ranking; null until loaded (or when the load failed). */
  cities: string[] | null;
  citiesError: ErrorText | null;
}

/** One choice of the city select; `closed` marks the supplier's own city that is no longer open. */
export interface CityOption {
  name: string;
  closed: boolean;
}

export type SupplierDetailEvent =
  | { type: 'detail.retry' }
  | { type: 'field.change'; field: Exclude<ProfileField, 'covers'>; value: string }
  | { type: 'cover.remove'; index: number }
  | { type: 'upload.start'; field: ImageField; file: Blob }
  | { type: 'form.save' }
  | { type: 'lifecycle.command'; commandType: SupplierEventType }
  | { type: 'audit.reject' }
  | { type: 'dialog.reasonChange'; reason: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepEditing' };

export type SupplierDetailEmitted = ToastEmitted | { type: 'supplier.created'; id: number };

interface Loaded {
  supplier: SupplierDto;
  history: SupplierHistoryEntry[];
}

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

function formErrors(form: SupplierForm, today: string): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const e of validateSupplierProfile(asProfile(form), today)) errors[e.field] = e.key;
  return errors;
}

export const supplierDetailMachine = setup({
  types: {
    context: {} as SupplierDetailContext,
    events: {} as SupplierDetailEvent,
    input: {} as SupplierDetailInput,
    emitted: {} as SupplierDetailEmitted,
  },
  actors: {
    loadSupplier: fromPromise<Loaded, { id: number }>(async ({ input }) => {
      const [supplier, history] = await Promise.all([getSupplier(input.id), getSupplierHistory(input.id)]);
      return { supplier, history };
    }),
    saveSupplier: fromPromise<
      Loaded,
      { id: number | null; form: SupplierProfile; changes: Partial<SupplierProfile>; version: number }
    >(async ({ input }) => {
      const supplier =
        input.id === null
          ? await createSupplier(input.form)
          : await updateSupplier(input.id, input.changes, input.version);
      return { supplier, history: await getSupplierHistory(supplier.id) };
    }),
    sendCommand: fromPromise<
      Loaded,
      { id: number; command: { type: SupplierEventType; reason?: string }; version: number }
    >(async ({ input }) => {
      const supplier = await sendSupplierCommand(input.id, input.command, input.version);
      return { supplier, history: await getSupplierHistory(supplier.id) };
    }),
    uploadImage: fromPromise<string, { field: ImageField; file: Blob }>(({ input }) =>
      uploadSupplierImage(input.file, `supplier_${input.field}`),
    ),
    loadCities: fromPromise<string[]>(() => listOpenServiceCityNames()),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    formValid: ({ context }) => Object.keys(formErrors(context.form, context.today)).length === 0,
    hasChanges: ({ context }) =>
      context.supplier === null ||
      changedFields(profileOfRow(context.supplier), asProfile(context.form)).length > 0,
    reasonGiven: ({ context }) => isValidReason(context.reason),
    isVersionConflict: ({ event }) => errorOf(event)?.code === VERSION_CONFLICT,
    canAddCover: ({ context, event }) =>
      event.type !== 'upload.start' || event.field !== 'covers' || context.form.covers.length < MAX_COVERS,
    wasCreated: ({ context }) => context.id === null,
    hasSupplier: ({ context }) => context.supplier !== null,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      const { supplier, history } = outputOf<Loaded>(event);
      return {
        id: supplier.id,
        supplier,
        history,
        form: profileOfRow(supplier),
        errors: {},
        loadError: null,
        actionError: null,
      };
    }),
    storeCommandResult: assign(({ event }) => {
      const { supplier, history } = outputOf<Loaded>(event);
      // Keep unsaved form edits: a lifecycle command does not touch the profile.
      return { supplier, history, actionError: null, pending: null };
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)) }),
    storeActionError: assign({
      actionError: ({ event }) => errorTextOf(errorOf(event)),
      pending: null,
    }),
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'field.change' ? { ...context.form, [event.field]: event.value } : context.form,
      errors: ({ context, event }) => {
        if (event.type !== 'field.change') return context.errors;
        const { [event.field]: _dropped, ...rest } = context.errors;
        return rest;
      },
    }),
    removeCover: assign({
      form: ({ context, event }) =>
        event.type === 'cover.remove'
          ? { ...context.form, covers: context.form.covers.filter((_, i) => i !== event.index) }
          : context.form,
    }),
    startUpload: assign({
      upload: ({ event }) =>
        event.type === 'upload.start' ? { field: event.field, file: event.file } : null,
      uploadError: null,
    }),
    storeUpload: assign(({ context, event }) => {
      const url = outputOf<string>(event);
      const field = context.upload!.field;
      const form =
        field === 'covers'
          ? { ...context.form, covers: [...context.form.covers, url] }
          : { ...context.form, [field]: url };
      const { [field]: _dropped, ...errors } = context.errors;
      return { form, errors, upload: null };
    }),
    storeUploadError: assign({
      uploadError: ({ event }) => errorTextOf(errorOf(event)),
      upload: null,
    }),
    showErrors: assign({ errors: ({ context }) => formErrors(context.form, context.today) }),
    clearActionError: assign({ actionError: null }),
    openReject: assign({ reason: '', reasonInvalid: false, actionError: null }),
    typeReason: assign({
      reason: ({ context, event }) => (event.type === 'dialog.reasonChange' ? event.reason : context.reason),
      reasonInvalid: false,
    }),
    markReasonInvalid: assign({ reasonInvalid: true }),
    setPendingCommand: assign({
      pending: ({ event }) => (event.type === 'lifecycle.command' ? { type: event.commandType } : null),
      actionError: null,
    }),
    setPendingReject: assign({
      pending: ({ context }) => ({ type: 'supplier.reject' as const, reason: context.reason.trim() }),
    }),
    toastSaved: emit({ type: 'toast', intent: 'success', key: 'supply.toast.saved' } as ToastEmitted),
    toastDone: emit({ type: 'toast', intent: 'success', key: 'supply.toast.done' } as ToastEmitted),
    toastNoChanges: emit({ type: 'toast', intent: 'primary', key: 'supply.toast.noChanges' } as ToastEmitted),
    storeCities: assign({ cities: ({ event }) => outputOf<string[]>(event), citiesError: null }),
    storeCitiesError: assign({ citiesError: ({ event }) => errorTextOf(errorOf(event)) }),
    announceCreated: emit(({ event }) => ({
      type: 'supplier.created',
      id: outputOf<Loaded>(event).supplier.id,
    })),
  },
}).createMachine({
  id: 'supplierDetail',
  context: ({ input }) => ({
    id: input.id,
    role: input.role,
    today: input.today,
    supplier: null,
    history: [],
    form: emptyForm(),
    errors: {},
    loadError: null,
    actionError: null,
    uploadError: null,
    upload: null,
    reason: '',
    reasonInvalid: false,
    pending: null,
    cities: null,
    citiesError: null,
  }),
  invoke: {
    id: 'loadCities',
    src: 'loadCities',
    onDone: { actions: 'storeCities' },
    onError: { actions: 'storeCitiesError' },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadSupplier',
        src: 'loadSupplier',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      on: { 'detail.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'cover.remove': { actions: 'removeCover' },
        'upload.start': { guard: 'canAddCover', target: 'uploading', actions: 'startUpload' },
        'form.save': [
          { guard: not('hasChanges'), actions: 'toastNoChanges' },
          { guard: 'formValid', target: 'saving' },
          { actions: 'showErrors' },
        ],
        'lifecycle.command': { guard: 'hasSupplier', target: 'acting', actions: 'setPendingCommand' },
        'audit.reject': { guard: 'hasSupplier', target: 'rejecting', actions: 'openReject' },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => context.upload!,
        onDone: { target: 'editing', actions: 'storeUpload' },
        onError: { target: 'editing', actions: 'storeUploadError' },
      },
    },
    saving: {
      entry: 'clearActionError',
      invoke: {
        id: 'saveSupplier',
        src: 'saveSupplier',
        input: ({ context }) => ({
          id: context.id,
          form: asProfile(context.form),
          changes: Object.fromEntries(
            (context.supplier
              ? changedFields(profileOfRow(context.supplier), asProfile(context.form))
              : []
            ).map((f) => [f, context.form[f]]),
          ),
          version: context.supplier?.version ?? 0,
        }),
        onDone: [
          {
            guard: 'wasCreated',
            target: 'editing',
            actions: ['storeLoaded', 'toastSaved', 'announceCreated'],
          },
          { target: 'editing', actions: ['storeLoaded', 'toastSaved'] },
        ],
        onError: [
          { guard: 'isVersionConflict', target: 'conflict' },
          { target: 'editing', actions: 'storeActionError' },
        ],
      },
    },
    rejecting: {
      on: {
        'dialog.reasonChange': { actions: 'typeReason' },
        'dialog.confirm': [
          { guard: 'reasonGiven', target: 'acting', actions: 'setPendingReject' },
          { actions: 'markReasonInvalid' },
        ],
        'dialog.cancel': 'editing',
      },
    },
    acting: {
      invoke: {
        id: 'sendCommand',
        src: 'sendCommand',
        input: ({ context }) => ({
          id: context.id!,
          command: context.pending!,
          version: context.supplier?.version ?? 0,
        }),
        onDone: { target: 'editing', actions: ['storeCommandResult', 'toastDone'] },
        onError: [
          { guard: 'isVersionConflict', target: 'conflict', actions: 'clearActionError' },
          { target: 'editing', actions: 'storeActionError' },
        ],
      },
    },
    conflict: {
      on: {
        'conflict.reload': 'loading',
        'conflict.keepEditing': 'editing',
      },
    },
  },
});

export type SupplierDetailSnapshot = SnapshotFrom<typeof supplierDetailMachine>;

export const selectIsNew = (s: SupplierDetailSnapshot) => s.context.id === null;
export const selectIsBusy = (s: SupplierDetailSnapshot) =>
  s.matches('saving') || s.matches('acting') || s.matches('uploading') || s.matches('loading');
export const selectConflict = (s: SupplierDetailSnapshot) => s.matches('conflict');
export const selectRejecting = (s: SupplierDetailSnapshot) => s.matches('rejecting');
export const selectHistory = (s: SupplierDetailSnapshot) => s.context.history;

/**
 * The city select's choices: the open cities, then the supplier's saved city when it is not among them (closed
 * since) and, if different, the city the form holds (so the select never shows a value it has no option for).
 */
export function cityOptionsOf(cities: string[] | null, savedCity: string, formCity: string): CityOption[] {
  const open = cities ?? [];
  const options: CityOption[] = open.map((name) => ({ name, closed: false }));
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const name of [savedCity, formCity]) {
    if (name === '' || options.some((o) => o.name === name)) continue;
    // Unknown while the list has not loaded (or failed to): not marked closed then.
    options.push({ name, closed: cities !== null && !open.some((o) => key(o) === key(name)) });
  }
  return options;
}
