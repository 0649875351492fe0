import type { ChannelDto } from '@/contract/channels';
import { entityApi } from './entityApi';

/** Promotion channels: the kit's routes (entityApi.ts). The step form creates them; the search table lists them. */
export const channelsApi = entityApi<ChannelDto>('/api/channels', 'channel');
