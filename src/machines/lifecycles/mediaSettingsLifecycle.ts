import type { SnapshotFrom } from 'xstate';
import { defineLifecycle } from './lifecycle';
import { mediaSettingsMachine } from './mediaSettingsMachine';
import { DEFAULT_MEDIA_SETTINGS, MEDIA_FIELDS, type MediaSettings } from './mediaSettingsRules';

/**
 * The media parameters declared for the entity kit (lifecycle.ts) as a singleton stream (`media_settings/platform`):
 * one expected version guards the group form. The rules are the machine's guard (mediaSettingsMachine.ts).
 */

export type MediaSettingsSnapshot = SnapshotFrom<typeof mediaSettingsMachine>;

export const MEDIA_SETTINGS_STREAM = 'media_settings';
export const MEDIA_SETTINGS_STREAM_ID = 'platform';

export type MediaSettingsCommand = { type: 'mediaSettings.save'; settings: MediaSettings };

export function mediaSettingsSnapshot(saved: boolean, settings: MediaSettings): MediaSettingsSnapshot {
  return mediaSettingsMachine.resolveState({ value: saved ? 'saved' : 'defaults', context: settings });
}

/** The settings a snapshot holds, every field in its order. */
export function settingsOf(snapshot: MediaSettingsSnapshot): MediaSettings {
  return Object.fromEntries(MEDIA_FIELDS.map((f) => [f, snapshot.context[f]])) as unknown as MediaSettings;
}

export const MEDIA_REASON_TEXT = {
  outOfLimits: 'a parameter is outside its limits',
} as const;

export const mediaSettingsLifecycle = defineLifecycle<typeof mediaSettingsMachine, MediaSettingsCommand>({
  name: 'mediaSettings',
  stream: MEDIA_SETTINGS_STREAM,
  machine: mediaSettingsMachine,
  createdFact: null,
  start: () => mediaSettingsSnapshot(false, DEFAULT_MEDIA_SETTINGS),
  facts: {
    'mediaSettings.save': (c) => [{ type: 'MediaSettingsSaved', data: { ...c.settings } }],
  },
  reasonPrefix: 'group.reason',
  reasons: MEDIA_REASON_TEXT,
  actionLabels: { 'mediaSettings.save': 'save the media parameters' },
  describe: (snapshot) => (snapshot.value === 'saved' ? 'saved' : 'at its defaults'),
  // The only rule: the limits.
  explain: () => 'outOfLimits',
  sample: (_type, snapshot) => ({ type: 'mediaSettings.save', settings: settingsOf(snapshot) }),
});
