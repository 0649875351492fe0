import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { listCandidates, type CandidateDto } from '@/services/orders';

/**
 * Picking the supplier for an order (assign, or reassign after a refusal): the suppliers the server lists as
 * able to take it now (audited, enabled, taking orders, in its city), searched as one types, as the supplier list
 * searches (a word of the name or real name, the start of the mobile or ID number).
 *
 * Invariants:
 * - the list shown is always the answer to the latest search (a search restarts the pending request);
 * - a choice is always one of the listed suppliers, and "assign" is possible only with a choice;
 * - confirming tells the page (`picker.assign`) and closes; the page sends `order.assign` through its own
 *   machine, where the lifecycle and the server decide.
 */

export interface PickerContext {
  orderId: number | null;
  orderNo: string;
  /** The order was refused by its supplier: this picks another one. */
  reassign: boolean;
  q: string;
  candidates: CandidateDto[];
  chosen: number | null;
  error: ErrorText | null;
}

export type PickerEvent =
  | { type: 'picker.open'; orderId: number; orderNo: string; reassign: boolean }
  | { type: 'picker.search'; q: string }
  | { type: 'picker.choose'; supplierId: number }
  | { type: 'picker.confirm' }
  | { type: 'picker.close' }
  | { type: 'picker.retry' };

export type PickerEmitted = { type: 'picker.assign'; orderId: number; supplierId: number };

/** An order its supplier refused: picking a supplier for it reassigns it. */
export const reassigns = (order: { fulfilment: string }) => order.fulfilment === 'refused';

/** What opens the picker for `order`. */
export const pickerOpenFor = (order: { id: number; order_no: string; fulfilment: string }): PickerEvent => ({
  type: 'picker.open',
  orderId: order.id,
  orderNo: order.order_no,
  reassign: reassigns(order),
});

/** Typing pauses this long before the search is sent. */
export const SEARCH_PAUSE_MS = 250;

/** Typing again restarts the pause (and drops a search under way). */
const searchAgain = { target: '#candidatePicker.open.typing', reenter: true, actions: 'setQuery' } as const;

export const candidatePickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
    emitted: {} as PickerEmitted,
  },
  actors: {
    fetchCandidates: fromPromise<CandidateDto[], { orderId: number; q: string }>(({ input }) =>
      listCandidates(input.orderId, input.q.trim()),
    ),
  },
  guards: {
    hasChoice: ({ context }) => context.chosen !== null,
    isListed: ({ context, event }) =>
      event.type === 'picker.choose' && context.candidates.some((c) => c.id === event.supplierId),
  },
  actions: {
    openFor: assign(({ event }) =>
      event.type === 'picker.open'
        ? {
            orderId: event.orderId,
            orderNo: event.orderNo,
            reassign: event.reassign,
            q: '',
            candidates: [],
            chosen: null,
            error: null,
          }
        : {},
    ),
    setQuery: assign({ q: ({ context, event }) => (event.type === 'picker.search' ? event.q : context.q) }),
    choose: assign({
      chosen: ({ context, event }) => (event.type === 'picker.choose' ? event.supplierId : context.chosen),
    }),
    announce: emit(({ context }) => ({
      type: 'picker.assign' as const,
      orderId: context.orderId!,
      supplierId: context.chosen!,
    })),
  },
}).createMachine({
  id: 'candidatePicker',
  context: { orderId: null, orderNo: '', reassign: false, q: '', candidates: [], chosen: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'picker.open': { target: 'open', actions: 'openFor' } },
    },
    open: {
      initial: 'loading',
      on: { 'picker.close': '#candidatePicker.closed' },
      states: {
        typing: {
          after: { [SEARCH_PAUSE_MS]: 'loading' },
          on: { 'picker.search': searchAgain },
        },
        loading: {
          on: { 'picker.search': searchAgain },
          invoke: {
            id: 'fetchCandidates',
            src: 'fetchCandidates',
            input: ({ context }) => ({ orderId: context.orderId!, q: context.q }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                candidates: event.output,
                error: null,
                // Staff choose: none is chosen for them (one click would assign whoever came first); a choice
                // still listed after a search stays.
                chosen: event.output.some((c) => c.id === context.chosen) ? context.chosen : null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorTextOf(event.error) }),
            },
          },
        },
        ready: {
          on: {
            'picker.search': searchAgain,
            'picker.choose': { guard: 'isListed', actions: 'choose' },
            'picker.confirm': { guard: 'hasChoice', target: '#candidatePicker.closed', actions: 'announce' },
          },
        },
        failed: { on: { 'picker.retry': 'loading', 'picker.search': searchAgain } },
      },
    },
  },
});

export type PickerSnapshot = SnapshotFrom<typeof candidatePickerMachine>;
