import { assign, emit, fromPromise, setup } from 'xstate';
import {
  CHANNEL_STEPS,
  channelProblems,
  keywordsOf,
  type ChannelDto,
  type ChannelField,
  type ChannelValues,
} from '@/contract/channels';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';

/**
 * The step form (/form/step): a promotion channel created in two steps — the channel (activity name, type,
 * promotion time, promote link), then the advertising (source, media, keywords, content) — and saved on the server,
 * which judges it by the same rules (`channelProblems`, src/contract/channels.ts).
 *
 * Invariants:
 * - a step is left forward only when its own fields break no rule; their problems show once "next" (or "submit")
 *   was tried on that step, and follow each change from then on;
 * - back keeps what was typed on both steps;
 * - nothing is sent while a rule says no; one create at a time;
 * - a refusal naming a field returns to that field's step with the reason under it; any other stays on the last
 *   step above the form, with everything typed kept;
 * - once created, the form tells whoever listens (`channel.created`, the page then shows the result) and is empty
 *   again at the first step.
 */

export type StepName = keyof typeof CHANNEL_STEPS;

export const EMPTY_CHANNEL: ChannelValues = {
  name: '',
  channel_type: '',
  promote_from: '',
  promote_to: '',
  promote_link: '',
  ad_source: '',
  ad_media: '',
  keywords: '',
  ad_content: '',
};

export interface StepFormContext {
  values: ChannelValues;
  /** The current step's problems (i18n keys) once a move forward was tried on it. */
  errors: Partial<Record<ChannelField, string>>;
  tried: boolean;
  serverError: ErrorText | null;
}

export type StepFormEvent =
  | { type: 'field.change'; field: ChannelField; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.submit' };

/** The form holds what was typed and not created yet (on either step): leaving the page would drop it. */
export const selectTyped = (s: { context: StepFormContext }) =>
  (Object.keys(EMPTY_CHANNEL) as ChannelField[]).some((f) => s.context.values[f] !== EMPTY_CHANNEL[f]);

/** The problems of one step's fields. */
export function stepProblems(step: StepName, values: ChannelValues): Partial<Record<ChannelField, string>> {
  const all = channelProblems(values);
  const mine: Partial<Record<ChannelField, string>> = {};
  for (const field of CHANNEL_STEPS[step]) if (all[field]) mine[field] = all[field];
  return mine;
}

/** What the server is sent: the values as typed, keywords as a list. */
export function channelBody(values: ChannelValues): Record<string, unknown> {
  return { ...values, keywords: keywordsOf(values.keywords) };
}

const stepOf = (field: string): StepName | null =>
  (CHANNEL_STEPS.channel as readonly string[]).includes(field)
    ? 'channel'
    : (CHANNEL_STEPS.advertising as readonly string[]).includes(field)
      ? 'advertising'
      : null;

const refusedField = (error: unknown): string =>
  String((error as { data?: { field?: unknown } } | null)?.data?.field ?? '');

export const stepFormMachine = setup({
  types: {
    context: {} as StepFormContext,
    events: {} as StepFormEvent,
    emitted: {} as { type: 'channel.created'; channel: ChannelDto },
  },
  actors: {
    create: fromPromise<ChannelDto, Record<string, unknown>>(async () => {
      throw new Error('create is provided by the page (channelScreens.ts)');
    }),
  },
  guards: {
    channelValid: ({ context }) => Object.keys(stepProblems('channel', context.values)).length === 0,
    advertisingValid: ({ context }) => Object.keys(stepProblems('advertising', context.values)).length === 0,
    refusedOnChannelStep: ({ event }) =>
      stepOf(refusedField((event as unknown as { error: unknown }).error)) === 'channel',
  },
  actions: {
    change: assign(({ context, event }, step: StepName) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, errors: context.tried ? stepProblems(step, values) : {}, serverError: null };
    }),
    showErrors: assign(({ context }, step: StepName) => ({
      tried: true,
      errors: stepProblems(step, context.values),
    })),
    freshStep: assign({ tried: false, errors: {} }),
    refused: assign(({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      const field = refusedField(error);
      const text = errorTextOf(error);
      return stepOf(field)
        ? { tried: true, errors: { [field]: text.keys[0] ?? 'errors.unknown' }, serverError: null }
        : { serverError: text };
    }),
    announce: emit(({ event }) => ({
      type: 'channel.created' as const,
      channel: (event as unknown as { output: ChannelDto }).output,
    })),
    empty: assign({ values: EMPTY_CHANNEL, errors: {}, tried: false, serverError: null }),
  },
}).createMachine({
  id: 'stepForm',
  context: { values: EMPTY_CHANNEL, errors: {}, tried: false, serverError: null },
  initial: 'channel',
  states: {
    /** Step one: the channel. */
    channel: {
      on: {
        'field.change': { actions: { type: 'change', params: 'channel' } },
        'step.next': [
          { guard: 'channelValid', target: 'advertising', actions: 'freshStep' },
          { actions: { type: 'showErrors', params: 'channel' } },
        ],
      },
    },
    /** Step two: the advertising. */
    advertising: {
      on: {
        'field.change': { actions: { type: 'change', params: 'advertising' } },
        'step.back': { target: 'channel', actions: 'freshStep' },
        'step.submit': [
          { guard: 'advertisingValid', target: 'creating' },
          { actions: { type: 'showErrors', params: 'advertising' } },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => channelBody(context.values),
        onDone: { target: 'channel', actions: ['announce', 'empty'] },
        onError: [
          { guard: 'refusedOnChannelStep', target: 'channel', actions: 'refused' },
          { target: 'advertising', actions: 'refused' },
        ],
      },
    },
  },
});
