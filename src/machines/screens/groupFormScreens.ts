import { fromPromise } from 'xstate';
import type { MediaSettingsDto } from '@/contract/mediaSettings.schema';
import { mediaSettingsLifecycle, mediaSettingsSnapshot } from '@/machines/lifecycles/mediaSettingsLifecycle';
import { readWholeNumber } from '@/machines/lifecycles/money';
import {
  MEDIA_FIELDS,
  apiFieldOf,
  mediaHints,
  mediaProblem,
  type MediaField,
  type MediaSettings,
} from '@/machines/lifecycles/mediaSettingsRules';
import { mediaSettingsApi } from '@/services/mediaSettings';
import { detailScreenMachine, type DetailEntity, type Form, type Loaded } from './detailScreenMachine';

/**
 * The group form (/form/group): the media parameters on the detail screen kit — loaded with their history, saved
 * whole with the version read (a stale one is the kit's conflict), each field judged by the lifecycle's own rule
 * (mediaSettingsRules.ts, the server's) before anything is sent.
 */

const TEXT_FIELDS: readonly MediaField[] = ['videoCaptureResolution', 'videoEncodeResolution', 'note'];

/** A form value as the setting it stands for: whole numbers as numbers (anything else fails its rule). */
function valueOf(field: MediaField, text: unknown): string | number {
  const s = String(text ?? '').trim();
  if (TEXT_FIELDS.includes(field)) return s;
  return readWholeNumber(s, { signed: true });
}

function settingsOfForm(form: Form): MediaSettings {
  return Object.fromEntries(
    MEDIA_FIELDS.map((f) => [f, valueOf(f, form[apiFieldOf(f)])]),
  ) as unknown as MediaSettings;
}

function settingsOfRow(row: MediaSettingsDto): MediaSettings {
  const r = row as unknown as Record<string, unknown>;
  return Object.fromEntries(MEDIA_FIELDS.map((f) => [f, r[apiFieldOf(f)]])) as unknown as MediaSettings;
}

export const groupFormScreen: DetailEntity<MediaSettingsDto> = {
  lifecycle: mediaSettingsLifecycle,
  snapshotOf: (row) => mediaSettingsSnapshot(row.state === 'saved', settingsOfRow(row)),
  labelOf: () => '',
  emptyForm: () => ({}),
  formOf: (row) => {
    const settings = settingsOfRow(row);
    return Object.fromEntries(MEDIA_FIELDS.map((f) => [apiFieldOf(f), String(settings[f])]));
  },
  problems: (form) => {
    const settings = settingsOfForm(form);
    const problems: Record<string, string> = {};
    for (const f of MEDIA_FIELDS) {
      const problem = mediaProblem(f, settings[f]);
      if (problem) problems[apiFieldOf(f)] = `group.validation.${problem}`;
    }
    return problems;
  },
  // Saved whole: every parameter when any changed, nothing when none did.
  changes: (row, form) => {
    const next = settingsOfForm(form);
    const now = row ? settingsOfRow(row) : null;
    const changed = !now || MEDIA_FIELDS.some((f) => next[f] !== now[f]);
    return changed ? Object.fromEntries(MEDIA_FIELDS.map((f) => [apiFieldOf(f), next[f]])) : {};
  },
};

/** The hint under each form field (by its API name) encoded above what is captured: `group.hint.<hint>`. */
export function groupFormHints(form: Form): Record<string, string> {
  return Object.fromEntries(
    mediaHints(settingsOfForm(form)).map(({ field, hint }) => [apiFieldOf(field), `group.hint.${hint}`]),
  );
}

const loaded = async (record?: MediaSettingsDto): Promise<Loaded> => {
  const [row, history] = await Promise.all([record ?? mediaSettingsApi.get(), mediaSettingsApi.history()]);
  return { record: row, history };
};

export const groupFormDetail = detailScreenMachine.provide({
  actors: {
    load: fromPromise(() => loaded()),
    save: fromPromise(async ({ input }) => loaded(await mediaSettingsApi.save(input.body, input.version))),
  },
});
