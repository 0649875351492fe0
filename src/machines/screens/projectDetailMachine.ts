import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from '@/machines/app/intents';
import {
  MAX_CAROUSE_COVERS,
  emptyProjectForm,
  validateProjectForm,
  type DetailField,
  type ProjectForm,
} from '@/machines/lifecycles/projectDetails';
import { isValidRanking, type ProjectEventType } from '@/machines/lifecycles/projectMachine';
import type { ApiError } from '@/services/http';
import {
  VERSION_CONFLICT,
  createProject,
  getProject,
  getProjectHistory,
  sendProjectCommand,
  updateProject,
  uploadProjectImage,
  type ProjectDto,
  type ProjectHistoryEntry,
} from '@/services/projects';
import { formOfRow } from './projectRows';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';

/**
 * The project detail screen (/project/project, create and edit): the form with cover and carousel uploads
 * (carousel images reorderable), the three rich-text fields, display/enable commands and the history.
 *
 * Invariants:
 * - saving sends only the changed fields with the version the page loaded; a stale version puts the machine in
 *   `conflict` (the reload offer) with the user's edits kept until they choose;
 * - nothing is sent while the form has local validation errors (the same rules as the server);
 * - an upload (cover or carousel) runs only in `uploading`; at most MAX_CAROUSE_COVERS carousel images;
 * - the carousel does not take the same image twice: the same address, or the same file (name, size, date)
 *   uploaded again during this visit, is refused with `project.validation.duplicateImage`;
 * - a ranking is sent only when it is a whole number in range (the lifecycle refuses an unchanged one).
 * Rich-text images are uploaded by the editor itself through `uploadRichTextImage` (no form state involved).
 */

export type TextField = Exclude<keyof ProjectForm, 'carouse_covers'>;
export type UploadTarget = 'cover' | 'carouse_covers';

export interface ProjectDetailInput {
  id: number | null;
  role: string | null;
}

export interface ProjectDetailContext {
  id: number | null;
  role: string | null;
  project: ProjectDto | null;
  history: ProjectHistoryEntry[];
  form: ProjectForm;
  /** field → i18n key of its problem. */
  errors: Partial<Record<DetailField, string>>;
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  uploadError: ErrorText | null;
  upload: { target: UploadTarget; file: Blob } | null;
  /** carousel image address → fingerprint of the file uploaded for it during this visit. */
  carouselFiles: Record<string, string>;
  pending: { type: ProjectEventType; ranking?: number } | null;
  /** The ranking box as typed; applied with `ranking.save` (a `project.rank` command). */
  rankingText: string;
  rankingInvalid: boolean;
}

export type ProjectDetailEvent =
  | { type: 'detail.retry' }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'carousel.move'; index: number; delta: -1 | 1 }
  | { type: 'carousel.remove'; index: number }
  | { type: 'upload.start'; target: UploadTarget; file: Blob }
  | { type: 'form.save' }
  | {
      type: 'lifecycle.command';
      commandType: 'project.show' | 'project.hide' | 'project.enable' | 'project.close';
    }
  | { type: 'ranking.change'; value: string }
  | { type: 'ranking.save' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepEditing' };

export type ProjectDetailEmitted = ToastEmitted | { type: 'project.created'; id: number };

interface Loaded {
  project: ProjectDto;
  history: ProjectHistoryEntry[];
}

/** Name, size and date of a picked file; undefined for a bare Blob (nothing to recognise it by). */
export function fileFingerprint(file: Blob): string | undefined {
  const f = file as Partial<File>;
  return typeof f.name === 'string' && f.name ? `${f.name}|${file.size}|${f.lastModified ?? ''}` : undefined;
}

const DUPLICATE_IMAGE = 'project.validation.duplicateImage';

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

function formErrors(form: ProjectForm): Partial<Record<DetailField, string>> {
  const errors: Partial<Record<DetailField, string>> = {};
  for (const e of validateProjectForm(form)) errors[e.field] = e.key;
  return errors;
}

const FORM_FIELDS = Object.keys(emptyProjectForm()) as (keyof ProjectForm)[];

/** Form fields whose value differs from the loaded project (prices compared as typed, after trimming). */
export function changedFormFields(before: ProjectForm, after: ProjectForm): (keyof ProjectForm)[] {
  return FORM_FIELDS.filter((f) => {
    const a = before[f];
    const b = after[f];
    if (Array.isArray(a) && Array.isArray(b)) return a.length !== b.length || a.some((x, i) => x !== b[i]);
    return String(a).trim() !== String(b).trim();
  });
}

/** The rich-text editor's image upload (a plain async function the view hands to the editor). */
export function uploadRichTextImage(file: Blob): Promise<string> {
  return uploadProjectImage(file, 'project_rich_text');
}

export const projectDetailMachine = setup({
  types: {
    context: {} as ProjectDetailContext,
    events: {} as ProjectDetailEvent,
    input: {} as ProjectDetailInput,
    emitted: {} as ProjectDetailEmitted,
  },
  actors: {
    loadProject: fromPromise<Loaded, { id: number }>(async ({ input }) => {
      const [project, history] = await Promise.all([getProject(input.id), getProjectHistory(input.id)]);
      return { project, history };
    }),
    saveProject: fromPromise<
      Loaded,
      { id: number | null; form: ProjectForm; changes: Partial<ProjectForm>; version: number }
    >(async ({ input }) => {
      const project =
        input.id === null
          ? await createProject(input.form)
          : await updateProject(input.id, input.changes, input.version);
      return { project, history: await getProjectHistory(project.id) };
    }),
    sendCommand: fromPromise<
      Loaded,
      { id: number; command: { type: ProjectEventType; ranking?: number }; version: number }
    >(async ({ input }) => {
      const project = await sendProjectCommand(input.id, input.command, input.version);
      return { project, history: await getProjectHistory(project.id) };
    }),
    uploadImage: fromPromise<string, { target: UploadTarget; file: Blob }>(({ input }) =>
      uploadProjectImage(input.file, `project_${input.target}`),
    ),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    formValid: ({ context }) => Object.keys(formErrors(context.form)).length === 0,
    hasChanges: ({ context }) =>
      context.project === null || changedFormFields(formOfRow(context.project), context.form).length > 0,
    isVersionConflict: ({ event }) => errorOf(event)?.code === VERSION_CONFLICT,
    canUpload: ({ context, event }) =>
      event.type === 'upload.start' &&
      (event.target === 'cover' || context.form.carouse_covers.length < MAX_CAROUSE_COVERS),
    isDuplicateCarouselFile: ({ context, event }) => {
      if (event.type !== 'upload.start' || event.target !== 'carouse_covers') return false;
      const fingerprint = fileFingerprint(event.file);
      return (
        fingerprint !== undefined &&
        context.form.carouse_covers.some((url) => context.carouselFiles[url] === fingerprint)
      );
    },
    wasCreated: ({ context }) => context.id === null,
    hasProject: ({ context }) => context.project !== null,
    rankingValid: ({ context }) =>
      context.project !== null &&
      /^\d+$/.test(context.rankingText.trim()) &&
      isValidRanking(Number(context.rankingText.trim())),
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      const { project, history } = outputOf<Loaded>(event);
      return {
        id: project.id,
        project,
        history,
        form: formOfRow(project),
        rankingText: String(project.ranking),
        rankingInvalid: false,
        errors: {},
        loadError: null,
        actionError: null,
      };
    }),
    storeCommandResult: assign(({ event }) => {
      const { project, history } = outputOf<Loaded>(event);
      // Keep unsaved form edits: a lifecycle command does not touch the details.
      return {
        project,
        history,
        actionError: null,
        pending: null,
        rankingText: String(project.ranking),
        rankingInvalid: false,
      };
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
    moveCarousel: assign({
      form: ({ context, event }) => {
        if (event.type !== 'carousel.move') return context.form;
        const list = [...context.form.carouse_covers];
        const to = event.index + event.delta;
        if (to < 0 || to >= list.length || event.index < 0 || event.index >= list.length) return context.form;
        [list[event.index], list[to]] = [list[to], list[event.index]];
        return { ...context.form, carouse_covers: list };
      },
    }),
    removeCarousel: assign({
      form: ({ context, event }) =>
        event.type === 'carousel.remove'
          ? {
              ...context.form,
              carouse_covers: context.form.carouse_covers.filter((_, i) => i !== event.index),
            }
          : context.form,
    }),
    startUpload: assign({
      upload: ({ event }) =>
        event.type === 'upload.start' ? { target: event.target, file: event.file } : null,
      uploadError: null,
    }),
    refuseDuplicate: assign({ uploadError: { keys: [DUPLICATE_IMAGE], message: DUPLICATE_IMAGE } }),
    storeUpload: assign(({ context, event }) => {
      const url = outputOf<string>(event);
      const target = context.upload!.target;
      if (target === 'carouse_covers' && context.form.carouse_covers.includes(url))
        return { upload: null, uploadError: { keys: [DUPLICATE_IMAGE], message: DUPLICATE_IMAGE } };
      const fingerprint = fileFingerprint(context.upload!.file);
      const carouselFiles =
        target === 'carouse_covers' && fingerprint
          ? { ...context.carouselFiles, [url]: fingerprint }
          : context.carouselFiles;
      const form =
        target === 'carouse_covers'
          ? { ...context.form, carouse_covers: [...context.form.carouse_covers, url] }
          : { ...context.form, cover: url };
      const { [target]: _dropped, ...errors } = context.errors;
      return { form, errors, upload: null, carouselFiles };
    }),
    storeUploadError: assign({
      uploadError: ({ event }) => errorTextOf(errorOf(event)),
      upload: null,
    }),
    showErrors: assign({ errors: ({ context }) => formErrors(context.form) }),
    clearActionError: assign({ actionError: null }),
    setPendingCommand: assign({
      pending: ({ event }) => (event.type === 'lifecycle.command' ? { type: event.commandType } : null),
      actionError: null,
    }),
    setPendingRank: assign({
      pending: ({ context }) => ({
        type: 'project.rank' as const,
        ranking: Number(context.rankingText.trim()),
      }),
      actionError: null,
    }),
    typeRanking: assign({
      rankingText: ({ context, event }) =>
        event.type === 'ranking.change' ? event.value : context.rankingText,
      rankingInvalid: false,
    }),
    markRankingInvalid: assign({ rankingInvalid: true }),
    toastSaved: emit({ type: 'toast', intent: 'success', key: 'project.toast.saved' } as ToastEmitted),
    toastDone: emit({ type: 'toast', intent: 'success', key: 'project.toast.done' } as ToastEmitted),
    toastNoChanges: emit({
      type: 'toast',
      intent: 'primary',
      key: 'project.toast.noChanges',
    } as ToastEmitted),
    announceCreated: emit(({ event }) => ({
      type: 'project.created',
      id: outputOf<Loaded>(event).project.id,
    })),
  },
}).createMachine({
  id: 'projectDetail',
  context: ({ input }) => ({
    id: input.id,
    role: input.role,
    project: null,
    history: [],
    form: emptyProjectForm(),
    errors: {},
    loadError: null,
    actionError: null,
    uploadError: null,
    upload: null,
    carouselFiles: {},
    pending: null,
    rankingText: '0',
    rankingInvalid: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadProject',
        src: 'loadProject',
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
        'carousel.move': { actions: 'moveCarousel' },
        'carousel.remove': { actions: 'removeCarousel' },
        'upload.start': [
          { guard: 'isDuplicateCarouselFile', actions: 'refuseDuplicate' },
          { guard: 'canUpload', target: 'uploading', actions: 'startUpload' },
        ],
        'form.save': [
          { guard: not('hasChanges'), actions: 'toastNoChanges' },
          { guard: 'formValid', target: 'saving' },
          { actions: 'showErrors' },
        ],
        'lifecycle.command': { guard: 'hasProject', target: 'acting', actions: 'setPendingCommand' },
        'ranking.change': { actions: 'typeRanking' },
        'ranking.save': [
          { guard: 'rankingValid', target: 'acting', actions: 'setPendingRank' },
          { actions: 'markRankingInvalid' },
        ],
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
        id: 'saveProject',
        src: 'saveProject',
        input: ({ context }) => ({
          id: context.id,
          form: context.form,
          changes: Object.fromEntries(
            (context.project ? changedFormFields(formOfRow(context.project), context.form) : []).map((f) => [
              f,
              context.form[f],
            ]),
          ),
          version: context.project?.version ?? 0,
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
    acting: {
      invoke: {
        id: 'sendCommand',
        src: 'sendCommand',
        input: ({ context }) => ({
          id: context.id!,
          command: context.pending!,
          version: context.project?.version ?? 0,
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

export type ProjectDetailSnapshot = SnapshotFrom<typeof projectDetailMachine>;

export const selectIsNew = (s: ProjectDetailSnapshot) => s.context.id === null;
export const selectIsBusy = (s: ProjectDetailSnapshot) =>
  s.matches('saving') || s.matches('acting') || s.matches('uploading') || s.matches('loading');
export const selectConflict = (s: ProjectDetailSnapshot) => s.matches('conflict');
export const selectHistory = (s: ProjectDetailSnapshot) => s.context.history;
