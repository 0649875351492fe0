import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from '@/machines/app/intents';
import { mayRole } from '@/contract/policy';
import { isValidTarget } from '@/machines/lifecycles/commissionMachine';
import {
  commissionFor,
  parsePercent,
  type CommissionQuote,
  type CommissionSettings,
  type OverrideScope,
} from '@/machines/lifecycles/commissionRules';
import { formatYuan, MAX_READABLE_FEN, parseYuan, readYuan } from '@/machines/lifecycles/money';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ApiError } from '@/services/http';
import {
  getCommission,
  getCommissionHistory,
  listCityNames,
  sendCommissionCommand,
  type CommissionCommand,
  type CommissionDto,
  type CommissionHistoryEntry,
} from '@/services/commission';
import { listAllProjects } from '@/services/projects';

/**
 * The commission page (/system/commission): the default rate, the overrides table (add / remove), an example
 * computation with the shared `commissionFor`, and the history newest first.
 *
 * Invariants:
 * - only admins send changes (others see the page read-only, with the reason); one change at a time;
 * - a rate is sent only when it parses as a percentage with two decimals in [0, 100] and differs from the
 *   current one; every change carries the version the page loaded, a stale one ends in `conflict`: reload (the
 *   change dropped), or keep it (`rebasing`: the latest is read, the rate typed or the override being added stays
 *   in its field, to be sent again over the latest);
 * - the example is computed in the browser by the same function the server's rules are tested with.
 */

export interface OverrideDraft {
  scope: OverrideScope;
  target: string;
  rate: string;
}

export interface ExampleInput {
  amount: string;
  projectId: string;
  city: string;
}

export interface CommissionPageContext {
  role: string | null;
  settings: CommissionDto | null;
  history: CommissionHistoryEntry[];
  cities: string[];
  /** Every project, open or closed, by its name: what a project override and the example may name. */
  projects: ProjectChoice[];
  defaultRate: string;
  draft: OverrideDraft;
  example: ExampleInput;
  errors: Partial<Record<'defaultRate' | 'target' | 'rate', string>>;
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  pending: CommissionCommand | null;
}

export type CommissionPageEvent =
  | { type: 'page.retry' }
  | { type: 'default.change'; value: string }
  | { type: 'default.save' }
  | { type: 'draft.change'; field: keyof OverrideDraft; value: string }
  | { type: 'override.add' }
  | { type: 'override.remove'; scope: OverrideScope; target: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'example.change'; field: keyof ExampleInput; value: string }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keep' }
  | { type: 'conflict.dismiss' };

/** The draft with the override being added back in its fields (it was cleared when sent). */
function draftBack(context: CommissionPageContext): OverrideDraft {
  const sent = context.pending;
  return sent?.type === 'commission.setOverride'
    ? { scope: sent.scope, target: sent.target, rate: sent.rate }
    : context.draft;
}

/** What a read of the page (or an accepted change) puts in the context; choices not read again stay. */
function fromLoaded(context: CommissionPageContext, loaded: CommissionLoaded) {
  const { settings, history, cities, projects } = loaded;
  return {
    settings,
    history,
    cities: cities ?? context.cities,
    projects: projects ?? context.projects,
    defaultRate: settings.default_rate,
    loadError: null,
    actionError: null,
    pending: null,
  };
}

export interface ProjectChoice {
  id: number;
  name: string;
}

export interface CommissionLoaded {
  settings: CommissionDto;
  history: CommissionHistoryEntry[];
  cities?: string[];
  projects?: ProjectChoice[];
}

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export function settingsFromDto(dto: CommissionDto | null): CommissionSettings {
  return {
    defaultRateBp: dto?.default_rate_bp ?? 0,
    overrides: (dto?.overrides ?? []).map((o) => ({ scope: o.scope, target: o.target, rateBp: o.rate_bp })),
  };
}

/** The example computation, or null while the amount is not money with at most two decimals. */
export function exampleQuote(
  context: CommissionPageContext,
): (CommissionQuote & { amountFen: number }) | null {
  const amountFen = parseYuan(context.example.amount);
  if (amountFen === null) return null;
  const quote = commissionFor(
    amountFen,
    { projectId: context.example.projectId.trim() || null, city: context.example.city || null },
    settingsFromDto(context.settings),
  );
  return { ...quote, amountFen };
}

/** What is wrong with the example's amount, as a message key and its values; null while it is money. */
export function exampleProblem(
  context: CommissionPageContext,
): { key: string; values?: Record<string, string> } | null {
  const fen = readYuan(context.example.amount);
  if (fen === 'format') return { key: 'system.commission.example.invalid' };
  if (fen === 'tooLarge')
    return { key: 'system.commission.example.tooLarge', values: { max: formatYuan(MAX_READABLE_FEN) } };
  return null;
}

export const commissionPageMachine = setup({
  types: {
    context: {} as CommissionPageContext,
    events: {} as CommissionPageEvent,
    input: {} as { role: string | null },
    emitted: {} as ToastEmitted,
  },
  actors: {
    loadCommission: fromPromise<CommissionLoaded>(async () => {
      const [settings, history, cities, projects] = await Promise.all([
        getCommission(),
        getCommissionHistory(),
        listCityNames(),
        listAllProjects(),
      ]);
      return { settings, history, cities, projects };
    }),
    sendCommand: fromPromise<CommissionLoaded, { command: CommissionCommand; version: number }>(
      async ({ input }) => {
        const settings = await sendCommissionCommand(input.command, input.version);
        return { settings, history: await getCommissionHistory() };
      },
    ),
  },
  guards: {
    mayChange: ({ context }) => mayRole(context.role, 'commission.setDefault'),
    defaultValid: ({ context }) => parsePercent(context.defaultRate) !== null,
    defaultChanged: ({ context }) => parsePercent(context.defaultRate) !== context.settings?.default_rate_bp,
    draftValid: ({ context }) =>
      isValidTarget(context.draft.scope, context.draft.target) && parsePercent(context.draft.rate) !== null,
    isVersionConflict: ({ event }) => errorOf(event)?.code === 40901,
  },
  actions: {
    storeLoaded: assign(({ context, event }) => fromLoaded(context, outputOf<CommissionLoaded>(event))),
    // The latest, under what the person was changing: a default rate they typed stays (one they did not type takes
    // the latest: the old one would undo the other's change), an override being added is back in its fields (it was
    // cleared when sent); a removal is asked again.
    storeLatestKeepingInputs: assign(({ context, event }) => {
      const typed = context.defaultRate.trim() !== (context.settings?.default_rate ?? '');
      const latest = fromLoaded(context, outputOf<CommissionLoaded>(event));
      return {
        ...latest,
        defaultRate: typed ? context.defaultRate : latest.defaultRate,
        draft: draftBack(context),
      };
    }),
    // The latest could not be read: what was being added is back in its fields all the same.
    storeRebaseError: assign(({ context, event }) => ({
      actionError: errorTextOf(errorOf(event)),
      draft: draftBack(context),
      pending: null,
    })),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)) }),
    storeActionError: assign({
      actionError: ({ event }) => errorTextOf(errorOf(event)),
      pending: null,
    }),
    changeDefault: assign(({ context, event }) => {
      if (event.type !== 'default.change') return {};
      const { defaultRate: _d, ...errors } = context.errors;
      return { defaultRate: event.value, errors };
    }),
    changeDraft: assign(({ context, event }) => {
      if (event.type !== 'draft.change') return {};
      const draft = { ...context.draft, [event.field]: event.value } as OverrideDraft;
      if (event.field === 'scope') draft.target = '';
      const { target: _t, rate: _r, ...errors } = context.errors;
      return { draft, errors };
    }),
    changeExample: assign({
      example: ({ context, event }) =>
        event.type === 'example.change'
          ? { ...context.example, [event.field]: event.value }
          : context.example,
    }),
    markDefaultInvalid: assign({
      errors: ({ context }) => ({ ...context.errors, defaultRate: 'system.commission.error.rate' }),
    }),
    markDraftInvalid: assign({
      errors: ({ context }) => ({
        ...context.errors,
        ...(isValidTarget(context.draft.scope, context.draft.target)
          ? {}
          : { target: `system.commission.error.target.${context.draft.scope}` }),
        ...(parsePercent(context.draft.rate) === null ? { rate: 'system.commission.error.rate' } : {}),
      }),
    }),
    pendDefault: assign({
      pending: ({ context }) => ({
        type: 'commission.setDefault' as const,
        rate: context.defaultRate.trim(),
      }),
      actionError: null,
    }),
    pendOverride: assign({
      pending: ({ context }) => ({
        type: 'commission.setOverride' as const,
        scope: context.draft.scope,
        target: context.draft.target.trim(),
        rate: context.draft.rate.trim(),
      }),
      actionError: null,
    }),
    pendRemove: assign({
      pending: ({ event }) =>
        event.type === 'override.remove'
          ? { type: 'commission.removeOverride' as const, scope: event.scope, target: event.target }
          : null,
      actionError: null,
    }),
    dropPending: assign({ pending: null }),
    clearDraft: assign({ draft: ({ context }) => ({ scope: context.draft.scope, target: '', rate: '' }) }),
    toastSaved: emit({
      type: 'toast',
      intent: 'success',
      key: 'system.commission.toast.saved',
    } as ToastEmitted),
    toastNoChanges: emit({
      type: 'toast',
      intent: 'primary',
      key: 'system.commission.toast.noChanges',
    } as ToastEmitted),
    // Said before the pending change is let go: a removal has nothing left in a field.
    toastRebased: emit(
      ({ context }) =>
        ({
          type: 'toast',
          intent: 'primary',
          key:
            context.pending?.type === 'commission.removeOverride'
              ? 'system.commission.toast.rebasedRemoval'
              : 'system.commission.toast.rebased',
        }) as ToastEmitted,
    ),
  },
}).createMachine({
  id: 'commissionPage',
  context: ({ input }) => ({
    role: input.role,
    settings: null,
    history: [],
    cities: [],
    projects: [],
    defaultRate: '',
    draft: { scope: 'city', target: '', rate: '' },
    example: { amount: '100.00', projectId: '', city: '' },
    errors: {},
    loadError: null,
    actionError: null,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCommission',
        src: 'loadCommission',
        onDone: { target: 'ready', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: { on: { 'page.retry': 'loading' } },
    ready: {
      on: {
        'default.change': { actions: 'changeDefault' },
        'draft.change': { actions: 'changeDraft' },
        'example.change': { actions: 'changeExample' },
        'default.save': [
          { guard: not('mayChange') },
          { guard: not('defaultValid'), actions: 'markDefaultInvalid' },
          { guard: not('defaultChanged'), actions: 'toastNoChanges' },
          { target: 'saving', actions: 'pendDefault' },
        ],
        'override.add': [
          { guard: not('mayChange') },
          { guard: not('draftValid'), actions: 'markDraftInvalid' },
          { target: 'saving', actions: ['pendOverride', 'clearDraft'] },
        ],
        // Removing an override changes what suppliers are paid from then on: asked first.
        'override.remove': { guard: 'mayChange', target: 'confirmingRemoval', actions: 'pendRemove' },
      },
    },
    confirmingRemoval: {
      on: {
        'removal.confirm': 'saving',
        'removal.cancel': { target: 'ready', actions: 'dropPending' },
      },
    },
    saving: {
      invoke: {
        id: 'sendCommand',
        src: 'sendCommand',
        input: ({ context }) => ({ command: context.pending!, version: context.settings?.version ?? 0 }),
        onDone: { target: 'ready', actions: ['storeLoaded', 'toastSaved'] },
        onError: [
          { guard: 'isVersionConflict', target: 'conflict' },
          { target: 'ready', actions: 'storeActionError' },
        ],
      },
    },
    // Closed without a choice (Escape, ×), nothing is decided: the next change meets the conflict again.
    conflict: {
      on: { 'conflict.reload': 'loading', 'conflict.keep': 'rebasing', 'conflict.dismiss': 'ready' },
    },
    rebasing: {
      invoke: {
        id: 'loadLatest',
        src: 'loadCommission',
        onDone: { target: 'ready', actions: ['toastRebased', 'storeLatestKeepingInputs'] },
        onError: { target: 'ready', actions: 'storeRebaseError' },
      },
    },
  },
});

export type CommissionPageSnapshot = SnapshotFrom<typeof commissionPageMachine>;
/** Read-only unless the policy table lets this role change commission rates. */
export const selectReadOnly = (s: CommissionPageSnapshot) =>
  !mayRole(s.context.role, 'commission.setDefault');
export const selectBusy = (s: CommissionPageSnapshot) =>
  s.matches('loading') || s.matches('saving') || s.matches('rebasing');
