import { setup } from 'xstate';

/**
 * The promotion channel lifecycle: the single copy of its rules, used by the console to enable the search table's
 * actions and by the server to decide every command. A channel is created online by the step form (its fields'
 * rules are the form's, `channelProblems` in src/contract/channels.ts); staff then take it offline and bring it back.
 *
 * States: online ⇄ offline.
 *
 * Invariants (tested):
 * - a channel is taken offline only when online, and brought online only when offline;
 * - bringing a channel back online needs a promotion that has not ended (its last day is not before the day the
 *   command names as today): an ended promotion stays offline.
 *
 * Pure: no invoke, delays, clock or randomness; the day comes with the fact.
 */

export interface ChannelContext {
  name: string;
  /** One of CHANNEL_TYPES (src/contract/channels.ts), which the form's rules check. */
  channelType: string;
  /** First and last day of the promotion, YYYY-MM-DD. */
  promoteFrom: string;
  promoteTo: string;
  promoteLink: string;
  adSource: string;
  adMedia: string;
  keywords: string[];
  adContent: string;
}

export type ChannelFact =
  | { type: 'ChannelTakenOffline'; data: Record<string, never> }
  | { type: 'ChannelBroughtOnline'; data: { today: string } };

export const channelMachine = setup({
  types: {
    context: {} as ChannelContext,
    events: {} as ChannelFact,
  },
  guards: {
    promotionNotEnded: ({ context, event }) =>
      event.type === 'ChannelBroughtOnline' && event.data.today <= context.promoteTo,
  },
}).createMachine({
  id: 'channel',
  context: {
    name: '',
    channelType: 'app',
    promoteFrom: '',
    promoteTo: '',
    promoteLink: '',
    adSource: '',
    adMedia: '',
    keywords: [],
    adContent: '',
  },
  initial: 'online',
  states: {
    online: {
      on: { ChannelTakenOffline: { target: 'offline' } },
    },
    offline: {
      on: { ChannelBroughtOnline: { guard: 'promotionNotEnded', target: 'online' } },
    },
  },
});
