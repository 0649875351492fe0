import { and, assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ToastEmitted } from '@/machines/app/intents';
import { halfWidthDigits } from '@/machines/lifecycles/money';
import type { ApiError } from '@/services/http';
import { rebasedForm } from './rebasedForm';
import { VERSION_CONFLICT, type CommandBody, type HistoryEntry, type Versioned } from '@/services/entityApi';
import {
  MAX_CLOCK_WAIT_MS,
  allowedAction,
  dialogCommand,
  dialogProblem,
  nextClockChange,
  waitForClock,
  type ScreenEntity,
  type TypedCommand,
} from './screenEntity';

/**
 * Every detail screen (add and edit): load the record and its history, the form with its uploads, save with the
 * version that was loaded, the lifecycle's commands (a dialog for those that need a value), and the "changed by
 * someone else" conflict.
 *
 * Invariants:
 * - saving sends only what changed, with the version the page loaded; a stale version puts the machine in
 *   `conflict` (reload, or keep editing) with the user's edits kept until they choose; kept, they are put on top
 *   of the latest record (`rebasing`: each field typed keeps its value, the others take the latest, and the fields
 *   both changed are named), so the next save is judged against what is stored now; closed without a choice
 *   (`conflict.dismiss`), nothing is decided and the next save meets the conflict again; where the latest record may no
 *   longer be edited (the command a save stands for, `entity.editCommand` or `<entity>.edit`, refused: a notice
 *   approved meanwhile, feedback resolved), the changes are not put on it, and `notKept` says why and holds what
 *   was typed, for the person to copy;
 * - nothing is sent while the form has problems (the entity's rules, the same the server applies);
 * - a dialog is open exactly in `commanding` and `confirmingSave` (a save the entity confirms first:
 *   `entity.confirmSave`, asked only when the rules allow the command it stands for); an upload runs only in
 *   `uploading`;
 * - a field's problem keeps the values of its text (`errorValues`: a limit) beside its reason key, the form's own
 *   rules' as the server's;
 * - a list of images does not take the same file twice (same name, size and date during this visit):
 *   `detail.upload.duplicate`;
 * - what was typed in a command's dialog is kept until that command is done or the dialog cancelled: refused (a
 *   conflict, a server's refusal), the same command's dialog opens with it again;
 * - a command keeps unsaved form edits (it does not touch the form), unless the record it leaves may no longer be
 *   edited (feedback resolved with a reply typed): then they are set aside in `notKept`, as after a conflict;
 * - a record the server does not have (404) is `missing`, with nothing to retry; any other failure to load is
 *   `loadFailed`, with a retry;
 * - what the page offers is never decided here: `allowedHere` asks the lifecycle and the policy table;
 * - a record whose state follows the clock (`entity.nextChangeAt`) is read again once it changes (`refreshing`):
 *   typing goes on meanwhile; the form takes the new record only if it has no unsaved edits, and an edited form
 *   keeps the version it was loaded with unless the record's version is unchanged (so a save never passes over
 *   someone else's change).
 */

export type Form = Record<string, unknown>;

/** A field's problem: the i18n key of its text, or the key with what the text is filled in with (a limit). */
export type FieldProblem = string | { key: string; values: Record<string, string | number> };

/** A form's problems as the context keeps them: each field's key, and the values of those that have any. */
function problemTexts(problems: Record<string, FieldProblem>) {
  const errors: Record<string, string> = {};
  const errorValues: Record<string, Record<string, string | number>> = {};
  for (const [field, problem] of Object.entries(problems)) {
    if (typeof problem === 'string') errors[field] = problem;
    else {
      errors[field] = problem.key;
      errorValues[field] = problem.values;
    }
  }
  return { errors, errorValues };
}

/**
 * The form after `field` changes to `value`: each field that belongs to it (`belongsTo`) goes back to its empty value
 * when it takes another value (a notice's audience drops its recipient: supplier 5 is not customer 5).
 */
export function formWithChange(entity: DetailEntity, form: Form, field: string, typed: unknown): Form {
  const value =
    typeof typed === 'string' && entity.digitFields?.includes(field) ? halfWidthDigits(typed) : typed;
  const next = { ...form, [field]: value };
  if (value === form[field]) return next;
  const empty = entity.emptyForm();
  for (const [dependent, owner] of Object.entries(entity.belongsTo ?? {}))
    if (owner === field) next[dependent] = empty[dependent];
  return next;
}

/** What the detail screen needs of an entity besides its lifecycle (ScreenEntity). */
export interface DetailEntity<Row extends Versioned = Versioned> extends ScreenEntity<Row> {
  emptyForm(): Form;
  formOf(row: Row): Form;
  /** The toast key after a save, where "Saved." is not the word (a reply is sent); default `detail.toast.saved`. */
  savedToast?: string;
  /** field → its problem (empty: the form may be sent); `record` is the one the form edits, null for a new one. */
  problems(form: Form, today: string, record?: Row | null): Record<string, FieldProblem>;
  /**
   * field → the field it belongs to (a notice's recipient → its audience): it goes back to empty when that field
   * changes (`formWithChange`), and is kept through a rebase (rebasedForm.ts) only beside the value it was typed with.
   */
  belongsTo?: Record<string, string>;
  /**
   * Fields typed as numbers (a mobile, an ID number): the full-width digits a Chinese input method types (１３８…)
   * are kept as their ASCII digits as they are typed, so the form shows, judges and sends ASCII.
   */
  digitFields?: readonly string[];
  /**
   * What of the typed form a save may send over `row`, where the record's state locks fields the form may hold typed
   * text in (a running activity's title, typed before it started with the page open): those fields as saved. A save
   * judges (`problems`) and sends (`changes`) this form, and leaving the page asks only to keep what it differs in.
   */
  savableForm?(row: Row | null, form: Form): Form;
  /** What a save of `form` over `row` sends; for a new record (`row` null) the whole create body. */
  changes(row: Row | null, form: Form): Record<string, unknown>;
  /** List fields with a limit on their items (`covers`: 9). */
  maxItems?: Record<string, number>;
  /**
   * The command a save of these changes to `row` stands for when it must be confirmed first (a city's switch turned
   * off and saved closes it, as the list's switch does): its dialog's type; null to send the save at once.
   */
  confirmSave?(row: Row, changes: Record<string, unknown>): string | null;
  /**
   * The lifecycle's command a save of the form stands for, which says whether the record may still take what was
   * typed (a conflict's kept changes are not put on one that may not): `<entity>.edit` where the lifecycle has one;
   * feedback's form sends a reply.
   */
  editCommand?: string;
}

export interface DetailScreenInput<Row extends Versioned = Versioned> {
  id: number | null;
  role: string | null;
  /** The signed-in staff member's id (rules about who acts); null when unknown. */
  viewerId?: number | null;
  /** `YYYY-MM-DD`, for date rules. */
  today: string;
  entity: DetailEntity<Row>;
}

export interface Loaded<Row extends Versioned = Versioned> {
  record: Row;
  history: HistoryEntry[];
}

export interface DetailDialog extends TypedCommand {
  problem: string | null;
}

export interface DetailScreenContext<Row extends Versioned = Versioned> {
  id: number | null;
  role: string | null;
  /** The signed-in staff member's id (rules about who acts); null when unknown. */
  viewerId: number | null;
  today: string;
  entity: DetailEntity<Row>;
  record: Row | null;
  history: HistoryEntry[];
  form: Form;
  /** A new record's form as it started (its defaults may come from the clock): what typing in it is measured from. */
  blank: Form;
  /** field → i18n key of its problem, shown once a save was tried (or the server named one). */
  errors: Record<string, string>;
  /** field → the values its problem's text is filled in with, where the server gave some (`{ limit: 50 }`). */
  errorValues: Record<string, Record<string, string | number>>;
  /** Data the form offers choices from (open cities), by name; loaded once. */
  lookups: Record<string, unknown>;
  lookupsError: ErrorText | null;
  loadError: ErrorText | null;
  /** The server's refusal of a save or command (other than a version conflict). */
  actionError: ErrorText | null;
  /** The field that refusal names (`data.field`), if any: a page showing the field says the refusal under it. */
  refusedField: string | null;
  uploadError: ErrorText | null;
  upload: { field: string; file: Blob } | null;
  /** Image address → fingerprint of the file uploaded for it during this visit. */
  files: Record<string, string>;
  dialog: DetailDialog | null;
  /**
   * What was typed in a command's dialog (a rejection's reason) until that command is done or the dialog cancelled:
   * refused (someone else changed the record meanwhile), the same command's dialog opens with it again.
   */
  dialogDraft: { type: string; value: string } | null;
  pending: CommandBody | null;
  /**
   * When the clock next changes the record's state (epoch ms), as the freshest read of it says (even one the form
   * did not take); null when it will not.
   */
  clockDue: number | null;
  /**
   * After a conflict the person chose to keep their changes: the fields they changed that the other save changed too
   * (their value is kept there); null when the form is not on top of someone else's save.
   */
  overlaps: string[] | null;
  /**
   * What the person typed and could not keep, because the latest record may no longer be edited: after a conflict
   * they chose to keep their changes (a notice approved meanwhile), or after a command (feedback resolved with a
   * reply typed). Why (an i18n key), and the typed values by field, no longer on the form; null otherwise.
   */
  notKept: NotKept | null;
  /** A conflict's changes made since the record was loaded, newest first, as the server names them (who, what). */
  meanwhile: HistoryEntry[];
}

export interface NotKept {
  reason: string;
  typed: Form;
  /** Set aside after the person's own command (feedback resolved), not after someone else's change. */
  afterCommand: boolean;
}

export type DetailScreenEvent =
  | { type: 'detail.retry' }
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'item.remove'; field: string; index: number }
  | { type: 'item.move'; field: string; index: number; delta: -1 | 1 }
  | { type: 'item.change'; field: string; index: number; key: string; value: unknown }
  | { type: 'upload.start'; field: string; file: Blob }
  | { type: 'form.save' }
  | { type: 'lifecycle.command'; command: CommandBody; ask?: string }
  | { type: 'dialog.change'; value: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepEditing' }
  | { type: 'conflict.dismiss' };

export type DetailScreenEmitted =
  | ToastEmitted
  | { type: 'record.created'; id: number }
  | { type: 'record.removed'; id: number }
  /** A save was refused (its problems are on the form): the view takes the person to the first of them. */
  | { type: 'form.problems' };

/**
 * The dialog type a save of the form asks with first (`entity.confirmSave`), or null to send it at once: also when
 * the rules refuse the command it stands for, which the save then meets with its reason rather than a question.
 */
function saveQuestion(context: DetailScreenContext): string | null {
  const { entity, record } = context;
  if (!record || !entity.confirmSave) return null;
  const type = entity.confirmSave(record, entity.changes(record, savable(context)));
  if (type === null) return null;
  return allowedAction(entity, record, type, context.role, context.viewerId).ok ? type : null;
}

/** A file's identity as far as the browser tells it (name, size, date), to notice the same file picked twice. */
function fingerprintOf(file: Blob): string | undefined {
  const f = file as Blob & { name?: string; lastModified?: number };
  return typeof f.name === 'string' && f.name ? `${f.name}|${file.size}|${f.lastModified ?? ''}` : undefined;
}

export const DUPLICATE_FILE = 'detail.upload.duplicate';

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;

/** The changes a version conflict names (`data.meanwhile`, newest first); none when the server named none. */
function meanwhileOf(error: ApiError | undefined): HistoryEntry[] {
  const meanwhile = (error?.data as { meanwhile?: unknown } | null | undefined)?.meanwhile;
  return Array.isArray(meanwhile) ? (meanwhile as HistoryEntry[]) : [];
}
/** What of the form a save judges and sends (`entity.savableForm`): the form itself where the entity says nothing. */
const savable = ({ entity, record, form }: DetailScreenContext): Form =>
  entity.savableForm ? entity.savableForm(record, form) : form;
/** The form of a loaded record holds changes not saved yet. */
const hasEdits = (context: DetailScreenContext) =>
  context.record !== null && Object.keys(context.entity.changes(context.record, savable(context))).length > 0;
/**
 * The form holds what a person typed and did not save: not the form of the loaded record. (A save may send a field
 * unchanged, as feedback's reply box always is, so what a save would send does not tell.)
 */
const typedUnsaved = (context: DetailScreenContext) =>
  context.record !== null &&
  JSON.stringify(savable(context)) !== JSON.stringify(context.entity.formOf(context.record));

/** The fields of the form that hold what the person typed (they differ from the loaded record's), with it. */
function typedValues(context: DetailScreenContext): Form {
  const loaded = context.entity.formOf(context.record!);
  return Object.fromEntries(
    Object.entries(savable(context)).filter(([f, v]) => JSON.stringify(v) !== JSON.stringify(loaded[f])),
  );
}

/**
 * Why `record` may no longer be edited by this person (the i18n key), or null when it may: asked of the command a
 * save stands for (`entity.editCommand`, or the lifecycle's own `<entity>.edit`), where the lifecycle has it; an
 * entity without one is edited by every save. Asked of the command's type, as the page asks whether to show a form.
 */
function editRefusal(context: DetailScreenContext, record: Versioned): string | null {
  const type = context.entity.editCommand ?? `${context.entity.lifecycle.name}.edit`;
  if (!(context.entity.lifecycle.commandTypes as readonly string[]).includes(type)) return null;
  const verdict = allowedAction(context.entity, record, type, context.role, context.viewerId);
  return verdict.ok ? null : verdict.reasonKey;
}
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** The context with `loaded` in it, its form the record's: nothing typed, refused or set aside any more. */
function loadedContext(context: DetailScreenContext, { record, history }: Loaded) {
  return {
    id: record.id,
    record,
    history,
    clockDue: nextClockChange(context.entity, [record]),
    form: context.entity.formOf(record),
    errors: {},
    errorValues: {},
    loadError: null,
    actionError: null,
    overlaps: null,
    notKept: null,
  };
}
const isList = (value: unknown): value is unknown[] => Array.isArray(value);

function moved(list: unknown[], index: number, delta: number): unknown[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

type ServerRefusal = { data?: { field?: unknown; reason_key?: unknown; values?: unknown } } | undefined;

/** The field the server named when it refused a save (`data.field`), with its reason key. */
function serverFieldError(error: unknown): Record<string, string> {
  const data = (error as ServerRefusal)?.data;
  if (typeof data?.field !== 'string') return {};
  return {
    [data.field]: typeof data.reason_key === 'string' ? data.reason_key : 'errors.validation.invalid',
  };
}

/** The values the server gave for that field's text (a limit, a range), read as every refusal's are. */
function serverFieldValues(error: unknown): Record<string, Record<string, string | number>> {
  const data = (error as ServerRefusal)?.data;
  if (typeof data?.field !== 'string') return {};
  return { [data.field]: errorTextOf(error).values ?? {} };
}

/** What typing in the form does, while editing and while a refresh is on its way. */
const FORM_EDITS = {
  'field.change': { actions: 'changeField' },
  'item.remove': { actions: 'editList' },
  'item.move': { actions: 'editList' },
  'item.change': { actions: 'editList' },
} as const;

export const detailScreenMachine = setup({
  types: {
    context: {} as DetailScreenContext,
    events: {} as DetailScreenEvent,
    input: {} as DetailScreenInput,
    emitted: {} as DetailScreenEmitted,
  },
  actors: {
    load: fromPromise<Loaded, { id: number }>(() => {
      throw new Error('detailScreenMachine: provide load');
    }),
    save: fromPromise<Loaded, { id: number | null; body: Record<string, unknown>; version: number }>(() => {
      throw new Error('detailScreenMachine: provide save');
    }),
    command: fromPromise<Loaded | null, { id: number; command: CommandBody; version: number }>(() => {
      throw new Error('detailScreenMachine: provide command');
    }),
    upload: fromPromise<string, { field: string; file: Blob }>(() => {
      throw new Error('detailScreenMachine: provide upload');
    }),
    lookups: fromPromise<Record<string, unknown>>(async () => ({})),
  },
  delays: {
    untilClockChange: ({ context }) => waitForClock(context.clockDue) ?? MAX_CLOCK_WAIT_MS,
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    // 0 is a singleton's one record (the group form's settings); below it, or not whole, no record's id.
    namesNoRecord: ({ context }) => context.id !== null && !(Number.isInteger(context.id) && context.id >= 0),
    followsClock: ({ context }) => context.clockDue !== null,
    formUntouched: ({ context }) => context.record !== null && !hasEdits(context),
    sameVersion: ({ context, event }) => outputOf<Loaded>(event).record.version === context.record?.version,
    formValid: ({ context }) =>
      Object.keys(context.entity.problems(savable(context), context.today, context.record)).length === 0,
    hasChanges: ({ context }) =>
      context.record === null ||
      Object.keys(context.entity.changes(context.record, savable(context))).length > 0,
    hasRecord: ({ context }) => context.record !== null,
    saveAsks: ({ context }) => saveQuestion(context) !== null,
    asks: ({ event }) => event.type === 'lifecycle.command' && event.ask !== undefined,
    dialogValid: ({ context }) => dialogProblemOf(context) === null,
    isVersionConflict: ({ event }) => errorOf(event)?.code === VERSION_CONFLICT,
    isMissing: ({ event }) => errorOf(event)?.httpStatus === 404,
    roomForItem: ({ context, event }) => {
      if (event.type !== 'upload.start') return false;
      const max = context.entity.maxItems?.[event.field];
      const value = context.form[event.field];
      return max === undefined || !isList(value) || value.length < max;
    },
    isDuplicateFile: ({ context, event }) => {
      if (event.type !== 'upload.start') return false;
      const list = context.form[event.field];
      const fingerprint = fingerprintOf(event.file);
      return (
        isList(list) &&
        fingerprint !== undefined &&
        list.some((url) => context.files[String(url)] === fingerprint)
      );
    },
    wasCreated: ({ context }) => context.id === null,
    /** The latest record (read to keep the person's changes on, or a command's result) may no longer be edited. */
    notEditableNow: ({ context, event }) =>
      typedUnsaved(context) && editRefusal(context, outputOf<Loaded>(event).record) !== null,
    wasRemoved: ({ event }) => outputOf<Loaded | null>(event) === null,
  },
  actions: {
    storeLoaded: assign(({ context, event }) => loadedContext(context, outputOf<Loaded>(event))),
    // The latest record, which what the person typed may not go on: stored, and what was typed set aside with why.
    setAsideTyped: assign(({ context, event }, params: { afterCommand: boolean }) => {
      const loaded = outputOf<Loaded>(event);
      const reason = editRefusal(context, loaded.record)!;
      return {
        ...loadedContext(context, loaded),
        notKept: { reason, typed: typedValues(context), afterCommand: params.afterCommand },
        pending: null,
      };
    }),
    // The person's changes put on top of the save that came between: each field they changed keeps their value,
    // every other field takes the latest; where both changed, the person's value is kept and the field named
    // (`overlaps`).
    rebase: assign(({ context, event }) => {
      const { record, history } = outputOf<Loaded>(event);
      const { form, overlaps } = rebasedForm(
        context.record ? context.entity.formOf(context.record) : context.blank,
        context.form,
        context.entity.formOf(record),
        context.entity.belongsTo,
      );
      return {
        record,
        history,
        clockDue: nextClockChange(context.entity, [record]),
        form,
        // Nothing typed (the conflict met a command): the latest record, with nothing on top to check.
        overlaps: typedUnsaved(context) ? overlaps : null,
        notKept: null,
        errors: {},
        errorValues: {},
        actionError: null,
        pending: null,
      };
    }),
    storeCommandResult: assign(({ context, event }) => {
      const { record, history } = outputOf<Loaded>(event);
      return {
        record,
        history,
        clockDue: nextClockChange(context.entity, [record]),
        actionError: null,
        pending: null,
      };
    }),
    skipClockChange: assign({ clockDue: null }),
    // A read the form does not take (someone else saved meanwhile): only when the clock next changes the record.
    noteClock: assign({
      clockDue: ({ context, event }) => nextClockChange(context.entity, [outputOf<Loaded>(event).record]),
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)) }),
    storeActionError: assign({
      actionError: ({ event }) => errorTextOf(errorOf(event)),
      refusedField: ({ event }) => Object.keys(serverFieldError(errorOf(event)))[0] ?? null,
      errors: ({ context, event }) => ({ ...context.errors, ...serverFieldError(errorOf(event)) }),
      errorValues: ({ context, event }) => ({ ...context.errorValues, ...serverFieldValues(errorOf(event)) }),
      pending: null,
    }),
    // The server's refusal was of the values sent: once one changes, it no longer says what is wrong.
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const form = formWithChange(context.entity, context.form, event.field, event.value);
      const changed = (field: string) => field === event.field || form[field] !== context.form[field];
      const kept = <T>(byField: Record<string, T>) =>
        Object.fromEntries(Object.entries(byField).filter(([field]) => !changed(field)));
      return {
        actionError: null,
        form,
        errors: kept(context.errors),
        errorValues: kept(context.errorValues),
      };
    }),
    editList: assign({
      form: ({ context, event }) => {
        if (event.type !== 'item.remove' && event.type !== 'item.move' && event.type !== 'item.change')
          return context.form;
        const list = context.form[event.field];
        if (!isList(list)) return context.form;
        const next =
          event.type === 'item.remove'
            ? list.filter((_, i) => i !== event.index)
            : event.type === 'item.move'
              ? moved(list, event.index, event.delta)
              : list.map((item, i) =>
                  i === event.index ? { ...(item as object), [event.key]: event.value } : item,
                );
        return { ...context.form, [event.field]: next };
      },
    }),
    startUpload: assign({
      upload: ({ event }) =>
        event.type === 'upload.start' ? { field: event.field, file: event.file } : null,
      uploadError: null,
    }),
    storeUpload: assign(({ context, event }) => {
      const url = outputOf<string>(event);
      const field = context.upload!.field;
      const current = context.form[field];
      const value = isList(current) ? [...current, url] : url;
      const { [field]: _dropped, ...errors } = context.errors;
      const fingerprint = fingerprintOf(context.upload!.file);
      const files = fingerprint ? { ...context.files, [url]: fingerprint } : context.files;
      return { form: { ...context.form, [field]: value }, errors, files, upload: null };
    }),
    refuseDuplicate: assign({
      uploadError: { keys: [DUPLICATE_FILE], message: 'This image is already there.' },
    }),
    storeUploadError: assign({ uploadError: ({ event }) => errorTextOf(errorOf(event)), upload: null }),
    showProblems: assign(({ context }) =>
      problemTexts(context.entity.problems(savable(context), context.today, context.record)),
    ),
    clearActionError: assign({ actionError: null }),
    storeMeanwhile: assign({ meanwhile: ({ event }) => meanwhileOf(errorOf(event)) }),
    openDialog: assign({
      dialog: ({ context, event }) =>
        event.type === 'lifecycle.command'
          ? {
              command: event.command,
              field: event.ask ?? '',
              value: context.dialogDraft?.type === event.command.type ? context.dialogDraft.value : '',
              problem: null,
            }
          : null,
      actionError: null,
    }),
    typeDialog: assign({
      dialog: ({ context, event }) =>
        context.dialog && event.type === 'dialog.change'
          ? { ...context.dialog, value: event.value, problem: null }
          : context.dialog,
    }),
    markDialogProblem: assign({
      dialog: ({ context }) => context.dialog && { ...context.dialog, problem: dialogProblemOf(context) },
    }),
    pendingFromDialog: assign(({ context }) => ({
      pending: dialogCommand(context.dialog!),
      dialogDraft: { type: context.dialog!.command.type, value: context.dialog!.value },
      dialog: null,
    })),
    closeDialog: assign({ dialog: null }),
    dropDialogDraft: assign({ dialogDraft: null }),
    // A cancelled dialog drops what was kept for its command, not another command's.
    dropCancelledDraft: assign({
      dialogDraft: ({ context }) =>
        context.dialogDraft?.type === context.dialog?.command.type ? null : context.dialogDraft,
    }),
    openSaveDialog: assign({
      dialog: ({ context }) => ({
        command: { type: saveQuestion(context)! },
        field: '',
        value: '',
        problem: null,
      }),
      actionError: null,
    }),
    pendingFromEvent: assign({
      pending: ({ event }) => (event.type === 'lifecycle.command' ? event.command : null),
      actionError: null,
    }),
    toastSaved: emit(({ context }): ToastEmitted => ({
      type: 'toast',
      intent: 'success',
      key: context.entity.savedToast ?? 'detail.toast.saved',
    })),
    toastDone: emit(({ context, event }): ToastEmitted => ({
      type: 'toast',
      // A command does not send the form's edits: said, lest they be taken for saved with it (unless the record
      // may no longer take them: then the page shows them set aside).
      ...(typedUnsaved(context) && editRefusal(context, outputOf<Loaded>(event).record) === null
        ? { intent: 'warning', unsavedEdits: true }
        : { intent: 'success' }),
      key: 'detail.toast.done',
      ...(context.pending ? { command: context.pending.type } : {}),
    })),
    announceProblems: emit({ type: 'form.problems' } as const),
    toastNoChanges: emit({ type: 'toast', intent: 'primary', key: 'detail.toast.noChanges' } as ToastEmitted),
    storeLookups: assign({
      lookups: ({ event }) => outputOf<Record<string, unknown>>(event),
      lookupsError: null,
    }),
    storeLookupsError: assign({ lookupsError: ({ event }) => errorTextOf(errorOf(event)) }),
    announceCreated: emit(({ event }) => ({
      type: 'record.created' as const,
      id: outputOf<Loaded>(event).record.id,
    })),
    announceRemoved: emit(({ context }) => ({ type: 'record.removed' as const, id: context.id ?? 0 })),
  },
}).createMachine({
  id: 'detailScreen',
  context: ({ input }) => {
    const blank = input.entity.emptyForm();
    return {
      id: input.id,
      role: input.role,
      viewerId: input.viewerId ?? null,
      today: input.today,
      entity: input.entity,
      record: null,
      history: [],
      form: blank,
      blank,
      errors: {},
      errorValues: {},
      lookups: {},
      lookupsError: null,
      loadError: null,
      actionError: null,
      refusedField: null,
      uploadError: null,
      upload: null,
      files: {},
      dialog: null,
      dialogDraft: null,
      pending: null,
      clockDue: null,
      overlaps: null,
      notKept: null,
      meanwhile: [],
    };
  },
  invoke: {
    id: 'lookups',
    src: 'lookups',
    onDone: { actions: 'storeLookups' },
    onError: { actions: 'storeLookupsError' },
  },
  initial: 'starting',
  states: {
    starting: {
      // An id no record can have (a link with `?id=abc`: useIdParam's -1) is missing without asking the server.
      always: [
        { guard: 'isNew', target: 'editing' },
        { guard: 'namesNoRecord', target: 'missing' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: [
          { guard: 'isMissing', target: 'missing', actions: 'storeLoadError' },
          { target: 'loadFailed', actions: 'storeLoadError' },
        ],
      },
    },
    loadFailed: {
      on: { 'detail.retry': 'loading' },
    },
    // The record is not there (a wrong or old link, or it was removed): asking again cannot help.
    missing: {},
    editing: {
      after: { untilClockChange: { guard: 'followsClock', target: 'refreshing' } },
      on: {
        ...FORM_EDITS,
        'upload.start': [
          { guard: 'isDuplicateFile', actions: 'refuseDuplicate' },
          { guard: 'roomForItem', target: 'uploading', actions: 'startUpload' },
        ],
        'form.save': [
          { guard: not('hasChanges'), actions: 'toastNoChanges' },
          { guard: and(['formValid', 'saveAsks']), target: 'confirmingSave', actions: 'openSaveDialog' },
          { guard: 'formValid', target: 'saving' },
          { actions: ['clearActionError', 'showProblems', 'announceProblems'] },
        ],
        'lifecycle.command': [
          { guard: and(['hasRecord', 'asks']), target: 'commanding', actions: 'openDialog' },
          { guard: 'hasRecord', target: 'acting', actions: 'pendingFromEvent' },
        ],
      },
    },
    // The clock changed the record's state: read it again, the form still taking edits.
    refreshing: {
      on: FORM_EDITS,
      invoke: {
        id: 'refresh',
        src: 'load',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: 'formUntouched', target: 'editing', actions: 'storeLoaded' },
          { guard: 'sameVersion', target: 'editing', actions: 'storeCommandResult' },
          { target: 'editing', actions: 'noteClock' },
        ],
        // Unreadable now (offline): asked again at the next change, not in a loop.
        onError: { target: 'editing', actions: 'skipClockChange' },
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => context.upload!,
        onDone: { target: 'editing', actions: 'storeUpload' },
        onError: { target: 'editing', actions: 'storeUploadError' },
      },
    },
    saving: {
      entry: 'clearActionError',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          id: context.id,
          body: context.entity.changes(context.record, savable(context)),
          version: context.record?.version ?? 0,
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
          { guard: 'isVersionConflict', target: 'conflict', actions: 'storeMeanwhile' },
          { target: 'editing', actions: ['storeActionError', 'announceProblems'] },
        ],
      },
    },
    commanding: {
      on: {
        'dialog.change': { actions: 'typeDialog' },
        'dialog.confirm': [
          { guard: 'dialogValid', target: 'acting', actions: 'pendingFromDialog' },
          { actions: 'markDialogProblem' },
        ],
        'dialog.cancel': { target: 'editing', actions: ['dropCancelledDraft', 'closeDialog'] },
      },
    },
    // A save that stands for a command asked first (closing a city by its switch): confirmed, it is sent as it is.
    confirmingSave: {
      on: {
        'dialog.confirm': { target: 'saving', actions: 'closeDialog' },
        'dialog.cancel': { target: 'editing', actions: 'closeDialog' },
      },
    },
    acting: {
      invoke: {
        id: 'command',
        src: 'command',
        input: ({ context }) => ({
          id: context.id!,
          command: context.pending!,
          version: context.record?.version ?? 0,
        }),
        onDone: [
          { guard: 'wasRemoved', target: 'removed', actions: 'announceRemoved' },
          {
            guard: 'notEditableNow',
            target: 'editing',
            actions: [
              'toastDone',
              { type: 'setAsideTyped', params: { afterCommand: true } },
              'dropDialogDraft',
            ],
          },
          { target: 'editing', actions: ['toastDone', 'storeCommandResult', 'dropDialogDraft'] },
        ],
        onError: [
          { guard: 'isVersionConflict', target: 'conflict', actions: ['clearActionError', 'storeMeanwhile'] },
          { target: 'editing', actions: 'storeActionError' },
        ],
      },
    },
    // Closed without a choice (Escape, ×), nothing is decided: the form stays on the version it was loaded with,
    // so its next save or command meets the conflict again and asks again.
    conflict: {
      on: {
        'conflict.reload': 'loading',
        'conflict.keepEditing': 'rebasing',
        'conflict.dismiss': 'editing',
      },
    },
    // Keeping one's changes after a conflict: the latest record is read, and the changes put on top of it, unless it
    // may no longer take them (`notKept`: it is shown as it is, and why). Unreadable now, the form stays as it was (a
    // save meets the conflict again, and asks again).
    rebasing: {
      on: FORM_EDITS,
      invoke: {
        id: 'rebase',
        src: 'load',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          // Someone else's change, met by a save or by a command, left it so.
          {
            guard: 'notEditableNow',
            target: 'editing',
            actions: { type: 'setAsideTyped', params: { afterCommand: false } },
          },
          { target: 'editing', actions: 'rebase' },
        ],
        onError: { target: 'editing', actions: 'storeActionError' },
      },
    },
    /** The record is gone (a deleted service city): the page leads back to its list. */
    removed: { type: 'final' },
  },
});

function dialogProblemOf(context: DetailScreenContext): string | null {
  return context.dialog
    ? dialogProblem(context.entity, context.record, dialogCommand(context.dialog), context.viewerId)
    : null;
}

export type DetailScreenSnapshot = SnapshotFrom<typeof detailScreenMachine>;

export const selectIsNew = (s: DetailScreenSnapshot) => s.context.id === null;
export const selectIsBusy = (s: DetailScreenSnapshot) =>
  s.matches('saving') ||
  s.matches('acting') ||
  s.matches('uploading') ||
  s.matches('loading') ||
  s.matches('refreshing') ||
  s.matches('rebasing');
export const selectConflict = (s: DetailScreenSnapshot) => s.matches('conflict');
/** The form holds what the person typed: a conflict offers to keep it (a save may send a field never typed in). */
export const selectHasEdits = (s: DetailScreenSnapshot) => typedUnsaved(s.context);
/**
 * What leaving the page would drop: what a person typed and did not save, in a loaded record's form or in a new
 * record's (a page the tab bar does not keep asks first: src/views/kit/LeaveGuard.tsx).
 */
export const selectUnsaved = (s: DetailScreenSnapshot) =>
  // Once the record is gone (deleted from its page), there is nothing left to save.
  s.status === 'active' &&
  (s.context.record !== null
    ? typedUnsaved(s.context)
    : s.context.id === null && JSON.stringify(s.context.form) !== JSON.stringify(s.context.blank));
export const selectDialog = (s: DetailScreenSnapshot) =>
  s.matches('commanding') || s.matches('confirmingSave') ? s.context.dialog : null;

/** What a button on this page asks: may this role do `type` to the record now, and if not, why. */
export function allowedHere(s: DetailScreenSnapshot, type: string) {
  return allowedAction(s.context.entity, s.context.record, type, s.context.role, s.context.viewerId);
}
