import { describe, expect, it } from 'vitest';
import type { MediaSettingsDto } from '@/contract/mediaSettings.schema';
import { DEFAULT_MEDIA_SETTINGS, MEDIA_FIELDS, apiFieldOf } from '@/machines/lifecycles/mediaSettingsRules';
import { groupFormScreen } from '@/machines/screens/groupFormScreens';

const row = {
  id: 0,
  version: 3,
  state: 'saved',
  updated_at: '2026-11-27T00:00:00.000Z',
  ...Object.fromEntries(MEDIA_FIELDS.map((f) => [apiFieldOf(f), DEFAULT_MEDIA_SETTINGS[f]])),
} as unknown as MediaSettingsDto;

describe('the group form on the detail kit', () => {
  const form = groupFormScreen.formOf(row);
  it('shows every parameter as text', () => {
    expect(form.video_capture_fps).toBe('30');
    expect(form.video_capture_resolution).toBe('1080p');
  });
  it('judges each field by the lifecycle rule, whole numbers only', () => {
    expect(groupFormScreen.problems(form, '2026-11-27')).toEqual({});
    const bad = {
      ...form,
      video_capture_fps: '31',
      video_encode_fps: '2.5',
      video_bitrate: '',
      audio_bitrate: '149',
    };
    expect(groupFormScreen.problems(bad, '2026-11-27')).toEqual({
      video_capture_fps: 'group.validation.fps',
      video_encode_fps: 'group.validation.fps',
      video_bitrate: 'group.validation.bitrate',
      audio_bitrate: 'group.validation.bitrate',
    });
    expect(groupFormScreen.problems({ ...form, video_encode_fps: ' 1 ' }, '2026-11-27')).toEqual({});
  });
  it('saves whole: every parameter when one changed, nothing when none did', () => {
    expect(groupFormScreen.changes(row, form)).toEqual({});
    const changed = groupFormScreen.changes(row, { ...form, video_encode_fps: '12', note: ' night ' });
    expect(Object.keys(changed)).toHaveLength(MEDIA_FIELDS.length);
    expect(changed).toMatchObject({ video_encode_fps: 12, note: 'night', audio_capture_sample_rate: 48000 });
  });
  it('reads the row as the lifecycle state it stands for', () => {
    expect(groupFormScreen.snapshotOf(row).value).toBe('saved');
    expect(groupFormScreen.snapshotOf({ ...row, state: 'defaults' }).value).toBe('defaults');
  });
});
