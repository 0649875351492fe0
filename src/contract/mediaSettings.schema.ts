import { Type, type Static } from 'typebox';

/** The API shape of the media parameters (the group form, /form/group): one record, id 0. */
export const MediaSettingsApi = Type.Object({
  id: Type.Integer(),
  /** 0 while nobody has saved them (the defaults). */
  version: Type.Integer(),
  state: Type.Union([Type.Literal('defaults'), Type.Literal('saved')]),
  video_capture_resolution: Type.String(),
  video_capture_fps: Type.Integer(),
  video_encode_resolution: Type.String(),
  video_encode_fps: Type.Integer(),
  /** kbps */
  video_bitrate: Type.Integer(),
  audio_capture_sample_rate: Type.Integer(),
  audio_capture_channels: Type.Integer(),
  audio_encode_sample_rate: Type.Integer(),
  /** kbps */
  audio_bitrate: Type.Integer(),
  audio_encode_channels: Type.Integer(),
  note: Type.String(),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export type MediaSettingsDto = Static<typeof MediaSettingsApi>;
