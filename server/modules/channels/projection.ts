import type { Selectable } from 'kysely';
import type { ChannelType } from '../../../src/contract/channels';
import type { ChannelDto } from '../../../src/contract/channels.schema';
import {
  channelSnapshot,
  channelStateOf,
  type ChannelSnapshot,
  type ChannelState,
} from '../../../src/machines/lifecycles/channelLifecycle';
import { fromJsonb, toJsonb, type Jsonb, type Timestamp } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The promotion channels' read model: one row per channel, its fields and its state. */

export interface ChannelsTable extends RecordColumns {
  state: ChannelState;
  name: string;
  channel_type: ChannelType;
  promote_from: Timestamp;
  promote_to: Timestamp;
  promote_link: string;
  ad_source: string;
  ad_media: string;
  keywords: Jsonb<string[]>;
  ad_content: string;
}

declare module '../../db/schema' {
  interface Database {
    channels: ChannelsTable;
  }
}

export type ChannelRow = Selectable<ChannelsTable>;

/** A day kept as its start in UTC, back to YYYY-MM-DD. */
const dayOf = (value: unknown) => new Date(value as string).toISOString().slice(0, 10);
const startOf = (day: string) => `${day}T00:00:00.000Z`;

export const channelProjection = tableProjection<ChannelSnapshot>({
  table: 'channels',
  toRow: (s) => {
    const c = s.context;
    return {
      state: channelStateOf(s),
      name: c.name,
      channel_type: c.channelType,
      promote_from: startOf(c.promoteFrom),
      promote_to: startOf(c.promoteTo),
      promote_link: c.promoteLink,
      ad_source: c.adSource,
      ad_media: c.adMedia,
      keywords: toJsonb(c.keywords),
      ad_content: c.adContent,
    };
  },
  fromRow: (row: ChannelRow) =>
    channelSnapshot(row.state, {
      name: row.name,
      channelType: row.channel_type,
      promoteFrom: dayOf(row.promote_from),
      promoteTo: dayOf(row.promote_to),
      promoteLink: row.promote_link,
      adSource: row.ad_source,
      adMedia: row.ad_media,
      keywords: fromJsonb<string[]>(row.keywords),
      adContent: row.ad_content,
    }),
});

export function channelToApi(row: Record<string, unknown>): ChannelDto {
  const r = row as unknown as ChannelRow;
  return {
    id: r.id,
    version: r.version,
    state: r.state,
    name: r.name,
    channel_type: r.channel_type,
    promote_from: dayOf(r.promote_from),
    promote_to: dayOf(r.promote_to),
    promote_link: r.promote_link,
    ad_source: r.ad_source,
    ad_media: r.ad_media,
    keywords: fromJsonb<string[]>(r.keywords),
    ad_content: r.ad_content,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
