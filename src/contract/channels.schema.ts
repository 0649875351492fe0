import { Type, type Static } from 'typebox';

/** The API shape of one promotion channel. */
export const ChannelApi = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  state: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  name: Type.String(),
  channel_type: Type.Union([
    Type.Literal('app'),
    Type.Literal('wechat'),
    Type.Literal('web'),
    Type.Literal('offline'),
  ]),
  /** The promotion's first and last day, YYYY-MM-DD. */
  promote_from: Type.String(),
  promote_to: Type.String(),
  promote_link: Type.String(),
  ad_source: Type.String(),
  ad_media: Type.String(),
  keywords: Type.Array(Type.String()),
  ad_content: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export type ChannelDto = Static<typeof ChannelApi>;
