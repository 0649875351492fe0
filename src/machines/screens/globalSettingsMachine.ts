import { mayRole } from '@/contract/policy';
import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from '@/machines/app/intents';
import { PHONE_FIELDS, validateGlobalSettings } from '@/machines/lifecycles/globalSettingsRules';
import { halfWidthDigits } from '@/machines/lifecycles/money';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ApiError } from '@/services/http';
import {
  VERSION_CONFLICT,
  getGlobalConfigs,
  saveGlobalConfigs,
  uploadSettingsFile,
  type GlobalConfigsDto,
} from '@/services/globalConfigs';
import { rebasedForm } from './rebasedForm';

/**
 * The global settings page (/system/setting) over `GET/PUT /api/global/configs`: the four agreements (rich text),
 * customer service mobile and WeChat, SOS mobile and sound (an uploaded audio file), home banners (uploaded images
 * in order, each with an optional link) and the supplier name.
 *
 * Invariants:
 * - only admins save (others see the page read-only, with the reason); nothing is sent while a field has an
 *   error (the same formats the server checks) or nothing changed; only changed fields are sent, with the
 *   version the page loaded; a stale version ends in `conflict` (reload offer) with the user's input kept; kept,
 *   it is put on top of the latest settings (`rebasing`, rebasedForm.ts), the fields both changed named;
 * - the SOS sound accepts only audio files (checked here by type, and by the server on the bytes); an upload
 *   runs only in `uploading`; banners are saved with `order` = their position (1, 2, …).
 */

export const AGREEMENTS = [
  'user_agreement',
  'privacy_agreement',
  'platform_transaction_rules',
  'supplier_enter_agreement',
] as const;
export const TEXT_FIELDS = [
  ...AGREEMENTS,
  'customer_service_mobile',
  'customer_service_wechat',
  'sos_mobile',
  'sos_sound',
  'supplier_name',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface BannerDraft {
  image: string;
  link: string;
}

export interface SettingsForm extends Record<TextField, string> {
  home_banners: BannerDraft[];
  refund_four_eyes: boolean;
}

export interface GlobalSettingsContext {
  role: string | null;
  loaded: GlobalConfigsDto | null;
  form: SettingsForm;
  /** field (or `home_banners.<i>.link`) → i18n key. */
  errors: Record<string, string>;
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  uploadError: ErrorText | null;
  upload: { target: 'sos_sound' | 'banner'; file: Blob } | null;
  /**
   * After a conflict the person chose to keep their changes: the fields they changed that the other save changed too
   * (their value is kept there); null when the form is not on top of someone else's save.
   */
  overlaps: string[] | null;
}

export type GlobalSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'flag.change'; field: 'refund_four_eyes'; value: boolean }
  | { type: 'upload.start'; target: 'sos_sound' | 'banner'; file: Blob }
  | { type: 'banner.linkChange'; index: number; value: string }
  | { type: 'banner.move'; index: number; delta: -1 | 1 }
  | { type: 'banner.remove'; index: number }
  | { type: 'form.save' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepEditing' }
  | { type: 'conflict.dismiss' };

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export const MAX_BANNERS = 20;

/**
 * field (or `home_banners.<i>.link` / `.image`) → i18n key, by the rules the server applies
 * (`globalSettingsRules.ts`); the supplier name is always required here.
 */
export function settingsErrors(form: SettingsForm): Record<string, string> {
  const problems = validateGlobalSettings({
    ...form,
    home_banners: form.home_banners.map((b) => ({ image: b.image, link: b.link.trim() })),
  });
  const errors: Record<string, string> = {};
  for (const p of problems) {
    const field = p.field.replace(/\[(\d+)\]\./, '.$1.');
    errors[field] ??= p.key;
  }
  return errors;
}

export function formOf(dto: GlobalConfigsDto): SettingsForm {
  const form = Object.fromEntries(TEXT_FIELDS.map((f) => [f, dto[f] ?? ''])) as Record<TextField, string>;
  const banners = [...(dto.home_banners ?? [])].sort((a, b) => a.order - b.order);
  return {
    ...form,
    home_banners: banners.map((b) => ({ image: b.image, link: b.link ?? '' })),
    refund_four_eyes: dto.refund_four_eyes ?? true,
  };
}

function bannersOut(form: SettingsForm) {
  return form.home_banners.map((b, i) => ({
    image: b.image,
    order: i + 1,
    ...(b.link.trim() ? { link: b.link.trim() } : {}),
  }));
}

/** The fields that differ from what was loaded, in the API's shape. */
export function settingsChanges(
  loaded: GlobalConfigsDto | null,
  form: SettingsForm,
): Record<string, unknown> {
  if (!loaded) return {};
  const out: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) {
    const value = AGREEMENTS.includes(f as (typeof AGREEMENTS)[number]) ? form[f] : form[f].trim();
    if (value !== (loaded[f] ?? '')) out[f] = value;
  }
  const banners = bannersOut(form);
  if (JSON.stringify(banners) !== JSON.stringify(bannersOut(formOf(loaded)))) out.home_banners = banners;
  if (form.refund_four_eyes !== formOf(loaded).refund_four_eyes) out.refund_four_eyes = form.refund_four_eyes;
  return out;
}

export const isAudioFile = (file: Blob) => file.type.startsWith('audio/');
export const isImageFile = (file: Blob) => file.type.startsWith('image/');

/** What typing in the form does: while editing, and while the latest settings are read to keep one's changes. */
const FORM_EDITS = {
  'field.change': { actions: 'changeField' },
  'flag.change': { actions: 'changeFlag' },
  'banner.linkChange': { actions: 'changeLink' },
  'banner.move': { actions: 'moveBanner' },
  'banner.remove': { actions: 'removeBanner' },
} as const;

export const globalSettingsMachine = setup({
  types: {
    context: {} as GlobalSettingsContext,
    events: {} as GlobalSettingsEvent,
    input: {} as { role: string | null },
    emitted: {} as ToastEmitted | { type: 'form.problems' },
  },
  actors: {
    loadSettings: fromPromise<GlobalConfigsDto>(() => getGlobalConfigs()),
    saveSettings: fromPromise<GlobalConfigsDto, { changes: Record<string, unknown>; version: number }>(
      ({ input }) => saveGlobalConfigs(input.changes, input.version),
    ),
    uploadFile: fromPromise<string, { target: 'sos_sound' | 'banner'; file: Blob }>(({ input }) =>
      uploadSettingsFile(
        input.file,
        input.target === 'sos_sound' ? 'audio' : 'image',
        input.target === 'sos_sound' ? 'sos_sound' : 'home_banner',
      ),
    ),
  },
  guards: {
    mayChange: ({ context }) => mayRole(context.role, 'settings.update'),
    formValid: ({ context }) => Object.keys(settingsErrors(context.form)).length === 0,
    hasChanges: ({ context }) => Object.keys(settingsChanges(context.loaded, context.form)).length > 0,
    fileFits: ({ context, event }) =>
      event.type === 'upload.start' &&
      (event.target === 'sos_sound'
        ? isAudioFile(event.file)
        : isImageFile(event.file) && context.form.home_banners.length < MAX_BANNERS),
    isVersionConflict: ({ event }) => errorOf(event)?.code === VERSION_CONFLICT,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      const loaded = outputOf<GlobalConfigsDto>(event);
      return { loaded, form: formOf(loaded), errors: {}, loadError: null, actionError: null, overlaps: null };
    }),
    // The person's changes put on top of the save that came between (rebasedForm.ts).
    rebase: assign(({ context, event }) => {
      const latest = outputOf<GlobalConfigsDto>(event);
      const base = context.loaded ? formOf(context.loaded) : context.form;
      const { form, overlaps } = rebasedForm(base, context.form, formOf(latest));
      return { loaded: latest, form, overlaps, errors: {}, actionError: null };
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)) }),
    storeActionError: assign({ actionError: ({ event }) => errorTextOf(errorOf(event)) }),
    clearActionError: assign({ actionError: null }),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      // A number typed with a Chinese input method (４００－８００…) is kept as its ASCII digits.
      const phone = (PHONE_FIELDS as readonly string[]).includes(event.field);
      const value = phone ? halfWidthDigits(event.value) : event.value;
      return { form: { ...context.form, [event.field]: value }, errors };
    }),
    changeFlag: assign(({ context, event }) =>
      event.type === 'flag.change' ? { form: { ...context.form, [event.field]: event.value } } : {},
    ),
    changeLink: assign(({ context, event }) => {
      if (event.type !== 'banner.linkChange') return {};
      const home_banners = context.form.home_banners.map((b, i) =>
        i === event.index ? { ...b, link: event.value } : b,
      );
      const { [`home_banners.${event.index}.link`]: _dropped, ...errors } = context.errors;
      return { form: { ...context.form, home_banners }, errors };
    }),
    moveBanner: assign({
      form: ({ context, event }) => {
        if (event.type !== 'banner.move') return context.form;
        const to = event.index + event.delta;
        const list = [...context.form.home_banners];
        if (to < 0 || to >= list.length || !list[event.index]) return context.form;
        [list[event.index], list[to]] = [list[to], list[event.index]];
        return { ...context.form, home_banners: list };
      },
    }),
    removeBanner: assign({
      form: ({ context, event }) =>
        event.type === 'banner.remove'
          ? { ...context.form, home_banners: context.form.home_banners.filter((_, i) => i !== event.index) }
          : context.form,
      errors: () => ({}),
    }),
    startUpload: assign({
      upload: ({ event }) =>
        event.type === 'upload.start' ? { target: event.target, file: event.file } : null,
      uploadError: null,
    }),
    refuseFile: assign({
      uploadError: ({ context, event }) => {
        const key =
          event.type === 'upload.start' && event.target === 'sos_sound'
            ? 'system.settings.error.audioOnly'
            : context.form.home_banners.length >= MAX_BANNERS
              ? 'system.settings.error.tooManyBanners'
              : 'system.settings.error.imageOnly';
        return { keys: [key], message: key };
      },
    }),
    storeUpload: assign(({ context, event }) => {
      const url = outputOf<string>(event);
      const form =
        context.upload?.target === 'sos_sound'
          ? { ...context.form, sos_sound: url }
          : { ...context.form, home_banners: [...context.form.home_banners, { image: url, link: '' }] };
      return { form, upload: null };
    }),
    storeUploadError: assign({
      uploadError: ({ event }) => errorTextOf(errorOf(event)),
      upload: null,
    }),
    showErrors: assign({ errors: ({ context }) => settingsErrors(context.form) }),
    // The page brings the first field in trouble into sight: the Save button is far below most of them.
    announceProblems: emit({ type: 'form.problems' } as const),
    toastSaved: emit({
      type: 'toast',
      intent: 'success',
      key: 'system.settings.toast.saved',
    } as ToastEmitted),
    toastNoChanges: emit({
      type: 'toast',
      intent: 'primary',
      key: 'system.settings.toast.noChanges',
    } as ToastEmitted),
  },
}).createMachine({
  id: 'globalSettings',
  context: ({ input }) => ({
    role: input.role,
    loaded: null,
    form: {
      ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>),
      home_banners: [],
      refund_four_eyes: true,
    },
    errors: {},
    loadError: null,
    actionError: null,
    uploadError: null,
    upload: null,
    overlaps: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: {
        ...FORM_EDITS,
        'upload.start': [
          { guard: 'fileFits', target: 'uploading', actions: 'startUpload' },
          { actions: 'refuseFile' },
        ],
        'form.save': [
          { guard: not('mayChange') },
          { guard: not('formValid'), actions: ['showErrors', 'announceProblems'] },
          { guard: not('hasChanges'), actions: 'toastNoChanges' },
          { target: 'saving' },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => context.upload!,
        onDone: { target: 'editing', actions: 'storeUpload' },
        onError: { target: 'editing', actions: 'storeUploadError' },
      },
    },
    saving: {
      entry: 'clearActionError',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          changes: settingsChanges(context.loaded, context.form),
          version: context.loaded?.version ?? 0,
        }),
        onDone: { target: 'editing', actions: ['storeLoaded', 'toastSaved'] },
        onError: [
          { guard: 'isVersionConflict', target: 'conflict' },
          { target: 'editing', actions: 'storeActionError' },
        ],
      },
    },
    // Closed without a choice (Escape, ×), nothing is decided: the next save meets the conflict again.
    conflict: {
      on: { 'conflict.reload': 'loading', 'conflict.keepEditing': 'rebasing', 'conflict.dismiss': 'editing' },
    },
    // Keeping one's changes: the latest settings are read and the changes put on top of them. Unreadable now, the
    // form stays as it was (a save meets the conflict again, and asks again).
    rebasing: {
      // Typing goes on meanwhile: the changes are put on top of the latest once it is read, these with them.
      on: FORM_EDITS,
      invoke: {
        id: 'rebase',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: 'rebase' },
        onError: { target: 'editing', actions: 'storeActionError' },
      },
    },
  },
});

export type GlobalSettingsSnapshot = SnapshotFrom<typeof globalSettingsMachine>;
/** Read-only unless the policy table lets this role change the settings. */
export const selectReadOnly = (s: GlobalSettingsSnapshot) => !mayRole(s.context.role, 'settings.update');
/** What was typed and not saved: any field other than as last loaded (or saved). */
export const selectUnsaved = (s: GlobalSettingsSnapshot) =>
  s.context.loaded !== null && Object.keys(settingsChanges(s.context.loaded, s.context.form)).length > 0;
export const selectBusy = (s: GlobalSettingsSnapshot) =>
  s.matches('loading') || s.matches('saving') || s.matches('uploading') || s.matches('rebasing');

/** The rich-text editors' image hook: stores the image through the upload endpoint and resolves to its URL. */
export function uploadAgreementImage(file: File): Promise<string> {
  return uploadSettingsFile(file, 'image', 'agreement');
}
