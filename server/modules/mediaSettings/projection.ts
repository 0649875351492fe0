import type { Selectable } from 'kysely';
import type { MediaSettingsDto } from '../../../src/contract/mediaSettings.schema';
import {
  mediaSettingsLifecycle,
  mediaSettingsSnapshot,
  settingsOf,
  type MediaSettingsSnapshot,
} from '../../../src/machines/lifecycles/mediaSettingsLifecycle';
import {
  MEDIA_FIELDS,
  apiFieldOf,
  type MediaSettings,
} from '../../../src/machines/lifecycles/mediaSettingsRules';
import { fromJsonb, toJsonb, type Jsonb } from '../../db/schema';
import { singletonProjection, type RecordColumns } from '../../kit/projection';

/** The media parameters' read model: one row (id 0) holding the settings as saved. */

export interface MediaSettingsTable extends RecordColumns {
  state: 'defaults' | 'saved';
  settings: Jsonb<MediaSettings>;
}

declare module '../../db/schema' {
  interface Database {
    media_settings: MediaSettingsTable;
  }
}

type MediaSettingsRow = Selectable<MediaSettingsTable>;

export const mediaSettingsProjection = singletonProjection<MediaSettingsSnapshot>({
  table: 'media_settings',
  start: () => mediaSettingsLifecycle.start({}),
  toRow: (s) => ({ state: s.value, settings: toJsonb(settingsOf(s)) }),
  fromRow: (row: MediaSettingsRow) =>
    mediaSettingsSnapshot(row.state === 'saved', fromJsonb<MediaSettings>(row.settings)),
});

export function mediaSettingsToApi(row: Record<string, unknown>): MediaSettingsDto {
  const r = row as unknown as MediaSettingsRow;
  const settings = fromJsonb<MediaSettings>(r.settings);
  return {
    id: 0,
    version: r.version,
    state: r.state,
    ...(Object.fromEntries(MEDIA_FIELDS.map((f) => [apiFieldOf(f), settings[f]])) as object),
    updated_at: r.version > 0 ? new Date(r.updated_at).toISOString() : null,
  } as MediaSettingsDto;
}
