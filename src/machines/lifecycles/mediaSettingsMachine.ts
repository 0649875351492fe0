import { assign, setup } from 'xstate';
import { DEFAULT_MEDIA_SETTINGS, mediaProblems, type MediaSettings } from './mediaSettingsRules';

/**
 * The media parameters (the group form, /form/group): one settings record for the whole marketplace, saved whole.
 * The single copy of its rules (mediaSettingsRules.ts) for the console and the server.
 *
 * States: defaults (nobody saved yet: the service uses DEFAULT_MEDIA_SETTINGS) → saved.
 *
 * Invariants (tested):
 * - frame rates (acquisition and encoding) are whole numbers in [1, 30], encoding rates (video and audio) in
 *   [150, 1800] kbps, resolutions, sample rates and channels from their lists, the note at most 200 characters;
 * - a save replaces every parameter; one that breaks a rule is refused and changes nothing.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export type MediaSettingsFact = { type: 'MediaSettingsSaved'; data: MediaSettings };

export const mediaSettingsMachine = setup({
  types: {
    context: {} as MediaSettings,
    events: {} as MediaSettingsFact,
  },
  guards: {
    withinLimits: ({ event }) => mediaProblems(event.data).length === 0,
  },
  actions: {
    store: assign(({ event }) => ({ ...event.data })),
  },
}).createMachine({
  id: 'mediaSettings',
  context: DEFAULT_MEDIA_SETTINGS,
  initial: 'defaults',
  states: {
    defaults: {
      on: { MediaSettingsSaved: { guard: 'withinLimits', target: 'saved', actions: 'store' } },
    },
    saved: {
      on: { MediaSettingsSaved: { guard: 'withinLimits', actions: 'store' } },
    },
  },
});
