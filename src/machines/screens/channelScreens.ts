import { fromPromise } from 'xstate';
import { CHANNEL_LIST, type ChannelDto } from '@/contract/channels';
import { channelLifecycle, channelSnapshot } from '@/machines/lifecycles/channelLifecycle';
import { channelsApi } from '@/services/channels';
import type { ScreenEntity } from './screenEntity';
import { listFor } from './screenActors';
import { stepFormMachine } from './stepFormMachine';

/**
 * The channel screens, declared on the screen kit: the search table (/list/search-table) and the step form that
 * creates a channel (/form/step, stepFormMachine.ts).
 */

export const channelScreen: ScreenEntity<ChannelDto> = {
  lifecycle: channelLifecycle,
  snapshotOf: (row) =>
    channelSnapshot(row.state, {
      name: row.name,
      channelType: row.channel_type,
      promoteFrom: row.promote_from,
      promoteTo: row.promote_to,
      promoteLink: row.promote_link,
      adSource: row.ad_source,
      adMedia: row.ad_media,
      keywords: row.keywords,
      adContent: row.ad_content,
    }),
  labelOf: (row) => row.name,
};

export const CHANNEL_SPEC = CHANNEL_LIST;

export const channelList = listFor(channelsApi);

export const channelStepForm = stepFormMachine.provide({
  actors: { create: fromPromise(({ input }) => channelsApi.create(input)) },
});
