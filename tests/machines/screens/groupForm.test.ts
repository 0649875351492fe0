import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MediaSettingsDto } from '@/contract/mediaSettings.schema';
import { DEFAULT_MEDIA_SETTINGS, MEDIA_FIELDS, apiFieldOf } from '@/machines/lifecycles/mediaSettingsRules';
import { groupFormDetail, groupFormHints, groupFormScreen } from '@/machines/screens/groupFormScreens';
import { until } from '../../support/until';

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
  it('hints under an encoding field set above its acquisition, by its form name, as the form is typed', () => {
    expect(groupFormHints(form)).toEqual({});
    expect(groupFormHints({ ...form, video_capture_fps: ' 24 ', audio_capture_channels: '1' })).toEqual({
      video_encode_fps: 'group.hint.fps',
      audio_encode_channels: 'group.hint.channels',
    });
    expect(groupFormHints({ ...form, video_capture_fps: 'x' })).toEqual({});
  });
  it('reads the row as the lifecycle state it stands for', () => {
    expect(groupFormScreen.snapshotOf(row).value).toBe('saved');
    expect(groupFormScreen.snapshotOf({ ...row, state: 'defaults' }).value).toBe('defaults');
  });
});

// What the group form's screen asks the server for (the service stands in for it here; the API and browser tests
// run the real one): the settings with their history, and a save with the version read, then both again.
vi.mock('@/services/mediaSettings', () => ({
  mediaSettingsApi: {
    get: vi.fn(async () => ({ ...row, version: 3 })),
    history: vi.fn(async () => [{ version: 3, type: 'MediaSettingsSaved' }]),
    save: vi.fn(async (body: Record<string, unknown>) => ({ ...row, ...body, version: 4 })),
  },
}));
const { mediaSettingsApi } = await import('@/services/mediaSettings');

describe('the group form screen', () => {
  const start = () =>
    createActor(groupFormDetail, {
      input: { id: 0, role: 'admin', today: '2026-11-27', entity: groupFormScreen as never },
    }).start();

  it('loads the settings and their history, and saves every parameter with the version read', async () => {
    const actor = start();
    await until(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.record).toMatchObject({ version: 3 });
    expect(actor.getSnapshot().context.history).toEqual([{ version: 3, type: 'MediaSettingsSaved' }]);
    actor.send({ type: 'field.change', field: 'video_encode_fps', value: '12' });
    actor.send({ type: 'form.save' });
    await until(actor, (s) => s.matches('editing') && s.context.record?.version === 4);
    expect(mediaSettingsApi.save).toHaveBeenCalledTimes(1);
    const [body, version] = vi.mocked(mediaSettingsApi.save).mock.calls[0]!;
    expect(version).toBe(3);
    expect(Object.keys(body)).toHaveLength(MEDIA_FIELDS.length);
    expect(body).toMatchObject({ video_encode_fps: 12 });
    // Saved: read again with its history.
    expect(mediaSettingsApi.history).toHaveBeenCalledTimes(2);
    expect(mediaSettingsApi.get).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
