import { Type } from 'typebox';
import {
  CHANNEL_LIMITS,
  CHANNEL_LIST,
  CHANNEL_PROBLEM_TEXT,
  CHANNEL_STEPS,
  CHANNEL_TYPES,
  PROMOTE_HOST,
  channelProblems,
  keywordsOf,
  type ChannelType,
  type ChannelValues,
} from '../../../src/contract/channels';
import { ChannelApi } from '../../../src/contract/channels.schema';
import { channelLifecycle } from '../../../src/machines/lifecycles/channelLifecycle';
import type { ChannelContext } from '../../../src/machines/lifecycles/channelMachine';
import * as channelsMigration from '../../db/migrations/2026_11_27_0100_channels';
import { ValidationError } from '../../errors';
import { defineEntity } from '../../kit/entity';
import { entityRoutes } from '../../kit/routes';
import { refusedWith } from '../../kit/schemas';
import { REASON } from '../../../src/contract/errors';

import type { ServerModule } from '../types';
import { channelProjection, channelToApi } from './projection';
import { seedChannels } from './seed';

/**
 * Promotion channels, declared for the entity kit: created by the step form (/form/step) with the form's rules
 * (`channelProblems`, src/contract/channels.ts: the console checks the same before sending), listed by the search
 * table, taken offline and brought back online by the lifecycle (channelLifecycle.ts).
 */

const Text = (max: number, description: string) => Type.String({ maxLength: max, description });
const Day = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  ...refusedWith('a day, YYYY-MM-DD', REASON.date),
});

const FIELDS = [...CHANNEL_STEPS.channel, ...CHANNEL_STEPS.advertising];

/** A body's values as the form's rules read them (keywords as one text, as a person types them). */
function valuesOf(body: Record<string, unknown>): ChannelValues {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: text(body.name),
    channel_type: text(body.channel_type),
    promote_from: text(body.promote_from),
    promote_to: text(body.promote_to),
    promote_link: text(body.promote_link),
    ad_source: text(body.ad_source),
    ad_media: text(body.ad_media),
    keywords: ((body.keywords as string[] | undefined) ?? []).join('\n'),
    ad_content: text(body.ad_content),
  };
}

export const channelEntity = defineEntity({
  lifecycle: channelLifecycle,
  title: 'name',
  label: 'Channel',
  path: '/api/channels',
  responseKey: 'channel',
  idSequence: 'channel_id_seq',
  projection: channelProjection,
  toApi: channelToApi,
  apiSchema: ChannelApi,
  create: {
    body: Type.Object(
      {
        name: Text(
          CHANNEL_LIMITS.name * 4,
          `the activity name: at most ${CHANNEL_LIMITS.name} Chinese characters, letters or digits`,
        ),
        channel_type: Type.Union(
          CHANNEL_TYPES.map((t) => Type.Literal(t)),
          { description: CHANNEL_TYPES.join(', ') },
        ),
        promote_from: Day,
        promote_to: Day,
        promote_link: Text(CHANNEL_LIMITS.link * 2, `starts with http:// or ${PROMOTE_HOST}`),
        ad_source: Text(CHANNEL_LIMITS.adSource * 2, 'the advertising source'),
        ad_media: Text(CHANNEL_LIMITS.adMedia * 2, 'the advertising media'),
        keywords: Type.Array(Text(CHANNEL_LIMITS.keyword * 2, 'a keyword'), {
          maxItems: CHANNEL_LIMITS.keywords * 2,
          description: `1 to ${CHANNEL_LIMITS.keywords} keywords`,
        }),
        ad_content: Text(
          CHANNEL_LIMITS.contentCharacters * 2,
          `at most ${CHANNEL_LIMITS.contentWords} words`,
        ),
      },
      { additionalProperties: false },
    ),
    data: (body): ChannelContext => {
      const values = valuesOf(body);
      const problems = channelProblems(values);
      const field = FIELDS.find((f) => problems[f]);
      if (field) {
        const key = problems[field]!;
        const short = key.slice('channel.validation.'.length) as keyof typeof CHANNEL_PROBLEM_TEXT;
        throw new ValidationError(CHANNEL_PROBLEM_TEXT[short], field, {
          key,
          values: { host: PROMOTE_HOST, ...CHANNEL_LIMITS },
        });
      }
      return {
        name: values.name.trim(),
        channelType: values.channel_type as ChannelType,
        promoteFrom: values.promote_from.trim(),
        promoteTo: values.promote_to.trim(),
        promoteLink: values.promote_link.trim(),
        adSource: values.ad_source.trim(),
        adMedia: values.ad_media.trim(),
        keywords: keywordsOf(values.keywords),
        adContent: values.ad_content.trim(),
      };
    },
  },
  commands: {
    fields: {
      'channel.takeOffline': {},
      'channel.bringOnline': { today: Type.Optional(Day) },
    },
  },
  list: CHANNEL_LIST,
});

const routes = entityRoutes(channelEntity, {
  csv: [
    { header: 'id', value: (c) => c.id },
    { header: 'name', value: (c) => c.name },
    { header: 'state', value: (c) => c.state },
    { header: 'channel_type', value: (c) => c.channel_type },
    { header: 'promote_from', value: (c) => c.promote_from },
    { header: 'promote_to', value: (c) => c.promote_to },
    { header: 'promote_link', value: (c) => c.promote_link },
    { header: 'ad_source', value: (c) => c.ad_source },
    { header: 'ad_media', value: (c) => c.ad_media },
    { header: 'keywords', value: (c) => (c.keywords as string[]).join(' ') },
    { header: 'ad_content', value: (c) => c.ad_content },
    { header: 'created_at', value: (c) => c.created_at },
  ],
});

export const channelsModule: ServerModule = {
  name: 'channels',
  routes,
  entities: [channelEntity],
  migrations: { '2026_11_27_0100_channels': channelsMigration },
  seed: seedChannels,
};
