import type { SnapshotFrom } from 'xstate';
import { channelMachine, type ChannelContext } from './channelMachine';
import { defineLifecycle } from './lifecycle';

/**
 * The promotion channel lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat
 * status the projection keeps, and the words for a refusal. The rules are the machine's guards (channelMachine.ts).
 */

export type ChannelSnapshot = SnapshotFrom<typeof channelMachine>;

export const CHANNEL_STREAM = 'channel';
export const CHANNEL_CREATED = 'ChannelCreated';

export type ChannelCommand =
  | { type: 'channel.takeOffline' }
  /** `today` (YYYY-MM-DD): the day the promotion is judged on; today in UTC when not given. */
  | { type: 'channel.bringOnline'; today?: string };

export type ChannelCommandType = ChannelCommand['type'];

export type ChannelState = 'online' | 'offline';

export function channelStateOf(snapshot: ChannelSnapshot): ChannelState {
  return snapshot.value as ChannelState;
}

export function channelSnapshot(state: ChannelState, context: ChannelContext): ChannelSnapshot {
  return channelMachine.resolveState({ value: state, context });
}

const STATE_WORDS: Record<ChannelState, string> = { online: 'online', offline: 'offline' };

export const CHANNEL_ACTION_LABEL: Record<ChannelCommandType, string> = {
  'channel.takeOffline': 'take this channel offline',
  'channel.bringOnline': 'bring this channel online',
};

export const CHANNEL_REASON_TEXT = {
  ended: 'its promotion has ended',
  notAllowed: 'the action is not possible in this state',
} as const;

export type ChannelRefusal = keyof typeof CHANNEL_REASON_TEXT;

export function channelRefusalReason(snapshot: ChannelSnapshot, command: ChannelCommand): ChannelRefusal {
  return command.type === 'channel.bringOnline' && channelStateOf(snapshot) === 'offline'
    ? 'ended'
    : 'notAllowed';
}

/** Today in UTC, YYYY-MM-DD: the server's day when the console did not say which day it is. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

export const channelLifecycle = defineLifecycle<typeof channelMachine, ChannelCommand, ChannelContext>({
  name: 'channel',
  stream: CHANNEL_STREAM,
  machine: channelMachine,
  createdFact: CHANNEL_CREATED,
  start: (data) => channelSnapshot('online', data),
  facts: {
    'channel.takeOffline': () => [{ type: 'ChannelTakenOffline', data: {} }],
    'channel.bringOnline': (c) => [
      {
        type: 'ChannelBroughtOnline',
        data: { today: c.today ?? utcDay() },
      },
    ],
  },
  reasonPrefix: 'channel.reason',
  reasons: CHANNEL_REASON_TEXT,
  actionLabels: CHANNEL_ACTION_LABEL,
  describe: (snapshot) => STATE_WORDS[channelStateOf(snapshot)],
  explain: channelRefusalReason,
  // "Is it possible now?": with no day named, a return is judged on today (UTC), as the server judges it.
  sample: (type) => ({ type }),
});
