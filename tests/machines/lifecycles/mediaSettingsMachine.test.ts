import { describe, expect, it } from 'vitest';
import { allowed, decide, evolve, type Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  mediaSettingsLifecycle,
  settingsOf,
  type MediaSettingsSnapshot,
} from '../../../src/machines/lifecycles/mediaSettingsLifecycle';
import { mediaSettingsMachine } from '../../../src/machines/lifecycles/mediaSettingsMachine';
import {
  DEFAULT_MEDIA_SETTINGS,
  MEDIA_FIELDS,
  apiFieldOf,
  mediaHints,
  mediaProblem,
  mediaProblems,
  type MediaSettings,
} from '../../../src/machines/lifecycles/mediaSettingsRules';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const save = (change: Partial<MediaSettings> = {}) =>
  ({ type: 'mediaSettings.save', settings: { ...DEFAULT_MEDIA_SETTINGS, ...change } }) as Command;

const commands = (): Command[] => [
  save(),
  save({ videoEncodeFps: 1, videoBitrate: 150 }),
  save({ videoCaptureFps: 30, audioBitrate: 1800 }),
  save({ videoCaptureFps: 31 }),
  save({ videoEncodeFps: 0 }),
  save({ audioBitrate: 1801 }),
  save({ videoBitrate: 149 }),
];

describeMachinePaths(mediaSettingsMachine, { events: walkFacts(mediaSettingsLifecycle, commands) });

describe('media settings rules (SPEC §5: frame rates in [1, 30], encoding rates in [150, 1800])', () => {
  it('hold the limits at both ends of each range', () => {
    for (const f of ['videoCaptureFps', 'videoEncodeFps'] as const) {
      expect([0, 1, 30, 31, 2.5].map((v) => mediaProblem(f, v))).toEqual(['fps', null, null, 'fps', 'fps']);
    }
    for (const f of ['videoBitrate', 'audioBitrate'] as const) {
      expect([149, 150, 1800, 1801].map((v) => mediaProblem(f, v))).toEqual([
        'bitrate',
        null,
        null,
        'bitrate',
      ]);
    }
    expect(mediaProblem('videoEncodeResolution', '480p')).toBe('resolution');
    expect(mediaProblem('audioEncodeSampleRate', 22050)).toBe('sampleRate');
    expect(mediaProblem('audioCaptureChannels', 3)).toBe('channels');
    expect(mediaProblem('note', 'x'.repeat(200))).toBeNull();
    expect(mediaProblem('note', 'x'.repeat(201))).toBe('note');
    expect(mediaProblems(DEFAULT_MEDIA_SETTINGS)).toEqual([]);
    expect(mediaProblems({ ...DEFAULT_MEDIA_SETTINGS, videoCaptureFps: 31, note: 5 as never })).toEqual([
      { field: 'videoCaptureFps', problem: 'fps' },
      { field: 'note', problem: 'note' },
    ]);
  });
  it('hint at each encoding set above what is captured, and never at one at or below it', () => {
    // The defaults encode below what they capture.
    expect(mediaHints(DEFAULT_MEDIA_SETTINGS)).toEqual([]);
    const same = {
      ...DEFAULT_MEDIA_SETTINGS,
      videoEncodeResolution: '1080p',
      videoEncodeFps: 30,
      audioEncodeSampleRate: 48000,
    };
    expect(mediaHints(same)).toEqual([]);
    expect(
      mediaHints({
        ...DEFAULT_MEDIA_SETTINGS,
        videoCaptureResolution: '720p',
        videoEncodeResolution: '1440p',
        videoCaptureFps: 24,
        audioCaptureSampleRate: 16000,
        audioCaptureChannels: 1,
      }),
    ).toEqual([
      { field: 'videoEncodeResolution', hint: 'resolution' },
      { field: 'videoEncodeFps', hint: 'fps' },
      { field: 'audioEncodeSampleRate', hint: 'sampleRate' },
      { field: 'audioEncodeChannels', hint: 'channels' },
    ]);
    // Resolutions rank by their place, not as text ('720p' > '1440p' as text).
    expect(
      mediaHints({
        ...DEFAULT_MEDIA_SETTINGS,
        videoCaptureResolution: '1440p',
        videoEncodeResolution: '720p',
      }),
    ).toEqual([]);
    // A value its rule refuses is the rule's to say, not a hint's.
    expect(mediaHints({ ...DEFAULT_MEDIA_SETTINGS, videoCaptureFps: 0, videoEncodeFps: 25 })).toEqual([]);
    expect(mediaHints({ ...DEFAULT_MEDIA_SETTINGS, videoEncodeFps: 31, videoCaptureFps: 30 })).toEqual([]);
  });
  it('name the API fields in snake case', () => {
    expect(MEDIA_FIELDS.map(apiFieldOf)).toContain('audio_capture_sample_rate');
  });
});

describe('media settings lifecycle', () => {
  const start = mediaSettingsLifecycle.start({}) as MediaSettingsSnapshot;
  const given = (...cs: Command[]) => givenIn(mediaSettingsLifecycle, {}, ...cs) as MediaSettingsSnapshot;
  it('starts at the defaults; a save within the limits replaces every parameter', () => {
    expect(start.value).toBe('defaults');
    const d = decide(mediaSettingsLifecycle, start, save({ videoEncodeFps: 12, note: 'night' }));
    expect(d.accepted).toBe(true);
    const saved = d.accepted ? d.facts.reduce((s, f) => evolve(mediaSettingsLifecycle, s, f), start) : start;
    expect(saved.value).toBe('saved');
    expect(settingsOf(saved as MediaSettingsSnapshot)).toEqual({
      ...DEFAULT_MEDIA_SETTINGS,
      videoEncodeFps: 12,
      note: 'night',
    });
  });
  it('takes any number of saves, each replacing every parameter', () => {
    const once = given(save({ videoEncodeFps: 12 }));
    const twice = given(save({ videoEncodeFps: 12 }), save({ audioBitrate: 320 }));
    expect(twice.value).toBe('saved');
    expect(settingsOf(once).videoEncodeFps).toBe(12);
    expect(settingsOf(twice)).toEqual({ ...DEFAULT_MEDIA_SETTINGS, audioBitrate: 320 });
    const late = decide(mediaSettingsLifecycle, twice, save({ videoCaptureFps: 0 }));
    expect(late.accepted ? 'accepted' : late.reasonKey).toBe('group.reason.outOfLimits');
  });
  it('is saved by admins only, as the button asks', () => {
    for (const s of [start, given(save())]) {
      expect(allowed(mediaSettingsLifecycle, s, 'mediaSettings.save', 'admin')).toEqual({ ok: true });
      expect(allowed(mediaSettingsLifecycle, s, 'mediaSettings.save', 'user')).toMatchObject({ ok: false });
    }
  });
  it('refuses a save outside the limits, with its reason', () => {
    const d = decide(mediaSettingsLifecycle, start, save({ videoCaptureFps: 31 }));
    expect(d.accepted ? 'accepted' : d.reasonKey).toBe('group.reason.outOfLimits');
  });
  describeLifecycleProperties({
    lifecycle: mediaSettingsLifecycle,
    creation: {},
    commands,
    invariants: (snapshot, log) => {
      const s = snapshot as MediaSettingsSnapshot;
      expect(mediaProblems(settingsOf(s))).toEqual([]);
      expect(s.value).toBe(log.length ? 'saved' : 'defaults');
      if (log.length) expect(settingsOf(s)).toEqual(log.at(-1)!.data);
    },
    seen: { saved: (s) => s.value === 'saved' },
    runs: 150,
    maxSteps: 10,
  });
});
