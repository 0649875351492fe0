/**
 * The media parameters the group form (/form/group) saves (SPEC §5, §9): what the marketplace's video service
 * records and encodes with. Pure and shared: the server refuses a save that breaks a rule (400 naming the field,
 * `group.validation.*`), the form shows the same problems under its fields, and the lifecycle's guard holds them.
 */
import { textLength } from './visibleText';

export const RESOLUTIONS = ['720p', '1080p', '1440p', '2160p'] as const;
export const SAMPLE_RATES = [16000, 44100, 48000] as const;
export const CHANNELS = [1, 2] as const;

export const MEDIA_LIMITS = {
  fps: { min: 1, max: 30 },
  bitrate: { min: 150, max: 1800 },
  noteCharacters: 200,
} as const;

export interface MediaSettings {
  videoCaptureResolution: string;
  videoCaptureFps: number;
  videoEncodeResolution: string;
  videoEncodeFps: number;
  /** kbps */
  videoBitrate: number;
  audioCaptureSampleRate: number;
  audioCaptureChannels: number;
  audioEncodeSampleRate: number;
  /** kbps */
  audioBitrate: number;
  audioEncodeChannels: number;
  note: string;
}

/** What the service used before anyone saved: within every rule. */
export const DEFAULT_MEDIA_SETTINGS: MediaSettings = {
  videoCaptureResolution: '1080p',
  videoCaptureFps: 30,
  videoEncodeResolution: '720p',
  videoEncodeFps: 25,
  videoBitrate: 1200,
  audioCaptureSampleRate: 48000,
  audioCaptureChannels: 2,
  audioEncodeSampleRate: 44100,
  audioBitrate: 192,
  audioEncodeChannels: 2,
  note: '',
};

export type MediaField = keyof MediaSettings;

export const MEDIA_FIELDS = Object.keys(DEFAULT_MEDIA_SETTINGS) as MediaField[];

/** The rules in English, by the short key of `group.validation.<key>`. */
export const MEDIA_PROBLEM_TEXT = {
  fps: `A frame rate is a whole number from ${MEDIA_LIMITS.fps.min} to ${MEDIA_LIMITS.fps.max}.`,
  bitrate: `An encoding rate is a whole number from ${MEDIA_LIMITS.bitrate.min} to ${MEDIA_LIMITS.bitrate.max} kbps.`,
  resolution: `A resolution is one of ${RESOLUTIONS.join(', ')}.`,
  sampleRate: `A sample rate is one of ${SAMPLE_RATES.join(', ')} Hz.`,
  channels: 'Mono (1) or stereo (2).',
  note: `The note has at most ${MEDIA_LIMITS.noteCharacters} characters.`,
} as const;

export type MediaProblem = keyof typeof MEDIA_PROBLEM_TEXT;

const whole = (v: unknown, min: number, max: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const oneOf = (v: unknown, values: readonly unknown[]) => values.includes(v);

/** Which rule `field` holding `value` breaks, or null. */
export function mediaProblem(field: MediaField, value: unknown): MediaProblem | null {
  switch (field) {
    case 'videoCaptureFps':
    case 'videoEncodeFps':
      return whole(value, MEDIA_LIMITS.fps.min, MEDIA_LIMITS.fps.max) ? null : 'fps';
    case 'videoBitrate':
    case 'audioBitrate':
      return whole(value, MEDIA_LIMITS.bitrate.min, MEDIA_LIMITS.bitrate.max) ? null : 'bitrate';
    case 'videoCaptureResolution':
    case 'videoEncodeResolution':
      return oneOf(value, RESOLUTIONS) ? null : 'resolution';
    case 'audioCaptureSampleRate':
    case 'audioEncodeSampleRate':
      return oneOf(value, SAMPLE_RATES) ? null : 'sampleRate';
    case 'audioCaptureChannels':
    case 'audioEncodeChannels':
      return oneOf(value, CHANNELS) ? null : 'channels';
    case 'note':
      return typeof value === 'string' && textLength(value) <= MEDIA_LIMITS.noteCharacters ? null : 'note';
  }
}

/** Every broken rule of `settings`, in field order. */
export function mediaProblems(settings: MediaSettings): Array<{ field: MediaField; problem: MediaProblem }> {
  return MEDIA_FIELDS.flatMap((field) => {
    const problem = mediaProblem(field, settings[field]);
    return problem ? [{ field, problem }] : [];
  });
}

/**
 * Encoding above what is captured is allowed (the service accepts it) but buys nothing: a picture scaled up is no
 * sharper, frames repeated are no smoother, a sample rate or channels made up carry no more sound; it only costs
 * bandwidth. Said under the encoding field as a hint, never refused.
 */
export const MEDIA_HINTS = {
  videoEncodeResolution: { capture: 'videoCaptureResolution', hint: 'resolution' },
  videoEncodeFps: { capture: 'videoCaptureFps', hint: 'fps' },
  audioEncodeSampleRate: { capture: 'audioCaptureSampleRate', hint: 'sampleRate' },
  audioEncodeChannels: { capture: 'audioCaptureChannels', hint: 'channels' },
} as const satisfies Partial<Record<MediaField, { capture: MediaField; hint: string }>>;

export type MediaHint = (typeof MEDIA_HINTS)[keyof typeof MEDIA_HINTS]['hint'];

/** How a value ranks among its field's: a resolution by its place in RESOLUTIONS, a number as it is. */
const rank = (v: unknown) => (typeof v === 'string' ? RESOLUTIONS.indexOf(v as never) : Number(v));

/** Each encoding field of `settings` set above its captured counterpart (both within their rules), in field order. */
export function mediaHints(settings: MediaSettings): Array<{ field: MediaField; hint: MediaHint }> {
  return Object.entries(MEDIA_HINTS).flatMap(([name, { capture, hint }]) => {
    const field = name as MediaField;
    const judged =
      mediaProblem(field, settings[field]) === null && mediaProblem(capture, settings[capture]) === null;
    return judged && rank(settings[field]) > rank(settings[capture]) ? [{ field, hint }] : [];
  });
}

/** A field's name in the API and the form (`videoCaptureFps` → `video_capture_fps`). */
export const apiFieldOf = (field: MediaField): string =>
  field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
