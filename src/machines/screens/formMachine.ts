import { assign, emit, fromPromise, setup } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';

/**
 * A form a member fills and saves in one go (their password, their basic information): the shape every such form
 * shares, given its fields' rules, its call, and what it shows after a save.
 *
 * Invariants:
 * - nothing is sent while a rule says no; the rules' answers show under the fields once a save was tried, and
 *   follow each change from then on;
 * - a refusal naming a field shows under that field; any other above the form;
 * - one save at a time; after a save the form shows what `afterSave` says (empty, for a password), and tells
 *   whoever listens what the server answered (`form.saved`).
 */
export interface FormConfig<F extends string, Out> {
  id: string;
  /** Each field's problem as an i18n key; none when the form can be sent. */
  validate: (values: Record<F, string>) => Partial<Record<F, string>>;
  /** What is sent of the values (all of them when not given): the `send` actor's input. */
  body?: (values: Record<F, string>) => Record<string, string | number>;
  send: (body: Record<string, string | number>) => Promise<Out>;
  /** The server's field names (`data.field` of a refusal) → the form's. */
  serverFields: Record<string, F>;
  afterSave: (values: Record<F, string>, output: Out) => Record<F, string>;
}

export interface FormContext<F extends string, Out> {
  values: Record<F, string>;
  /** The values as opened, or as the last save left them: what differs from them is typed and not saved. */
  baseline: Record<F, string>;
  errors: Partial<Record<F, string>>;
  tried: boolean;
  serverError: ErrorText | null;
  /** The last save's answer. */
  saved: Out | null;
}

export type FormEvent<F extends string> =
  { type: 'field.change'; field: F; value: string } | { type: 'form.submit' };

export function formMachine<F extends string, Out>(config: FormConfig<F, Out>) {
  return setup({
    types: {
      context: {} as FormContext<F, Out>,
      events: {} as FormEvent<F>,
      input: {} as { values: Record<F, string> },
      emitted: {} as { type: 'form.saved'; output: Out },
    },
    actors: {
      // Typed loosely: xstate's invoke types do not resolve over generic field names.
      send: fromPromise<unknown, Record<string, string | number>>(({ input }) => config.send(input)),
    },
    guards: {
      valid: ({ context }) => Object.keys(config.validate(context.values)).length === 0,
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {};
        const values = { ...context.values, [event.field]: event.value };
        return { values, errors: context.tried ? config.validate(values) : {}, serverError: null };
      }),
      showErrors: assign(({ context }) => ({ tried: true, errors: config.validate(context.values) })),
      store: assign(({ context, event }) => {
        const output = (event as unknown as { output: Out }).output;
        const values = config.afterSave(context.values, output);
        return { values, baseline: values, errors: {}, tried: false, saved: output };
      }),
      announce: emit(({ event }) => ({
        type: 'form.saved' as const,
        output: (event as unknown as { output: Out }).output,
      })),
      refused: assign(({ event }) => {
        const error = (event as unknown as { error: { data?: { field?: string } } }).error;
        const text = errorTextOf(error);
        const field = config.serverFields[error?.data?.field ?? ''];
        return field
          ? {
              errors: { [field]: text.keys[0] ?? 'errors.unknown' } as Partial<Record<F, string>>,
              serverError: null,
            }
          : { serverError: text };
      }),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({
      values: input.values,
      baseline: input.values,
      errors: {},
      tried: false,
      serverError: null,
      saved: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'field.change': { actions: 'change' },
          'form.submit': [{ guard: 'valid', target: 'sending' }, { actions: 'showErrors' }],
        },
      },
      sending: {
        invoke: {
          id: 'send',
          src: 'send',
          input: ({ context }) =>
            config.body ? config.body(context.values) : (context.values as Record<string, string>),
          onDone: { target: 'saved', actions: ['store', 'announce'] },
          onError: { target: 'editing', actions: 'refused' },
        },
      },
      /** Saved: says so until the next change. */
      saved: {
        on: { 'field.change': { target: 'editing', actions: 'change' } },
      },
    },
  });
}

/** Whether a form holds what was typed and not saved (a field other than as opened or last saved). */
export function selectFormUnsaved<F extends string>(s: {
  context: Pick<FormContext<F, unknown>, 'values' | 'baseline'>;
}) {
  const { values, baseline } = s.context;
  return (Object.keys(values) as F[]).some((field) => values[field] !== baseline[field]);
}
