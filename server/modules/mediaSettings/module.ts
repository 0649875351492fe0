import { Type, type TSchema } from 'typebox';
import { MediaSettingsApi } from '../../../src/contract/mediaSettings.schema';
import {
  MEDIA_SETTINGS_STREAM_ID,
  mediaSettingsLifecycle,
} from '../../../src/machines/lifecycles/mediaSettingsLifecycle';
import {
  DEFAULT_MEDIA_SETTINGS,
  MEDIA_FIELDS,
  MEDIA_LIMITS,
  MEDIA_PROBLEM_TEXT,
  apiFieldOf,
  mediaProblem,
  type MediaSettings,
} from '../../../src/machines/lifecycles/mediaSettingsRules';
import * as mediaSettingsMigration from '../../db/migrations/2026_11_27_0200_media_settings';
import { ValidationError } from '../../errors';
import { defineEntity } from '../../kit/entity';
import { refusedWith } from '../../kit/schemas';
import { singletonRoutes } from '../../kit/singletonRoutes';
import type { ServerModule } from '../types';
import { mediaSettingsProjection, mediaSettingsToApi } from './projection';

/**
 * The media parameters (the group form, /form/group), declared for the entity kit as a singleton saved whole: the
 * lifecycle (mediaSettingsLifecycle.ts) decides; a parameter outside its limits is a 400 naming its field.
 */

/** Each parameter's schema: its type, loosely bounded (its rule is judged by readSettings, naming the field). */
const BODY: Record<string, TSchema> = Object.fromEntries(
  MEDIA_FIELDS.map((field) => {
    // Every rule fails on nothing: the rule a field keeps, in words and as the reason its refusal gives.
    const problem = mediaProblem(field, undefined)!;
    const rule = refusedWith(MEDIA_PROBLEM_TEXT[problem], `group.validation.${problem}`);
    const schema =
      typeof DEFAULT_MEDIA_SETTINGS[field] === 'number'
        ? Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, ...rule })
        : Type.String({ maxLength: MEDIA_LIMITS.noteCharacters * 4, ...rule });
    return [apiFieldOf(field), schema];
  }),
);

/** The settings in a body, each checked by its rule: the first broken one is a 400 naming its field. */
function readSettings(body: Record<string, unknown>): MediaSettings {
  const settings = Object.fromEntries(
    MEDIA_FIELDS.map((f) => [f, f === 'note' ? String(body[apiFieldOf(f)]).trim() : body[apiFieldOf(f)]]),
  ) as unknown as MediaSettings;
  for (const field of MEDIA_FIELDS) {
    const problem = mediaProblem(field, settings[field]);
    if (problem) {
      throw new ValidationError(MEDIA_PROBLEM_TEXT[problem], apiFieldOf(field), {
        key: `group.validation.${problem}`,
      });
    }
  }
  return settings;
}

export const mediaSettingsEntity = defineEntity({
  lifecycle: mediaSettingsLifecycle,
  label: 'Media settings',
  path: '/api/media-settings',
  responseKey: 'settings',
  singleton: { streamId: MEDIA_SETTINGS_STREAM_ID },
  projection: mediaSettingsProjection,
  toApi: mediaSettingsToApi,
  apiSchema: MediaSettingsApi,
  commands: { fields: { 'mediaSettings.save': BODY } },
});

export const mediaSettingsModule: ServerModule = {
  name: 'mediaSettings',
  routes: singletonRoutes(mediaSettingsEntity, {
    body: BODY,
    save: 'mediaSettings.save',
    toCommand: (body) => ({ type: 'mediaSettings.save', settings: readSettings(body) }),
  }),
  entities: [mediaSettingsEntity],
  migrations: { '2026_11_27_0200_media_settings': mediaSettingsMigration },
};
