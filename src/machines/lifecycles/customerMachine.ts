import { and, assign, setup } from 'xstate';
import { hasVisibleText, textLength } from './visibleText';

/**
 * The customer account lifecycle: the single copy of its rules, used by the console to enable actions and by the
 * server to decide every command. Its events are the facts the log stores; its guards are the rules, which
 * `evolve` switches off on replay (lifecycle.ts).
 *
 * States: `enabled` ↔ `closed` (a closed account cannot place orders, top up or pay). The wallet is the account's
 * ledger: every fact that moves money carries its signed effect, and the balance is their sum.
 *
 * Invariants (tested):
 * - the balance is the sum of the ledger's amounts and never negative: a payment or a negative adjustment larger
 *   than the balance is refused;
 * - every amount is a whole number of fen from 1 to MAX_WALLET_AMOUNT_FEN (an adjustment may be negative, never 0);
 * - an adjustment needs a reason (1 to MAX_ADJUST_REASON_LENGTH characters);
 * - a closed account takes no top-up and no payment; a refund credit and an adjustment are taken in either state;
 * - closing a closed account or enabling an enabled one is refused.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

/** 1,000,000 yuan: the most one ledger entry may move. */
export const MAX_WALLET_AMOUNT_FEN = 100_000_000;
export const MAX_ADJUST_REASON_LENGTH = 200;
export const MAX_CUSTOMER_NAME_LENGTH = 50;

export interface CustomerProfile {
  name: string;
  mobile: string;
  city: string;
}

export interface CustomerContext extends CustomerProfile {
  balanceFen: number;
}

export interface CustomerInput extends CustomerProfile {
  balanceFen?: number;
}

/** What a wallet entry paid for or came from: an order or a renewal, or a refund of one. */
export interface LedgerRef {
  kind: 'order' | 'renewal' | 'refund';
  id: number;
  /** The order's number, for the ledger's reader. */
  orderNo: string;
}

/** The facts the log stores for a customer account, which are the machine's events. */
export type CustomerFact =
  | { type: 'CustomerClosed'; data: Record<string, never> }
  | { type: 'CustomerEnabled'; data: Record<string, never> }
  | { type: 'WalletToppedUp'; data: { amountFen: number; balanceFen: number } }
  | { type: 'WalletCharged'; data: { amountFen: number; balanceFen: number; ref: LedgerRef } }
  | { type: 'WalletCredited'; data: { amountFen: number; balanceFen: number; ref: LedgerRef } }
  | { type: 'WalletAdjusted'; data: { amountFen: number; balanceFen: number }; reason?: string | null };

export type WalletFact = Extract<CustomerFact, { type: `Wallet${string}` }>;
export const WALLET_FACTS = ['WalletToppedUp', 'WalletCharged', 'WalletCredited', 'WalletAdjusted'] as const;

/** The signed effect of a wallet fact on the balance (a payment is negative). */
export function ledgerEffect(fact: WalletFact): number {
  return fact.type === 'WalletCharged' ? -fact.data.amountFen : fact.data.amountFen;
}

export function isValidAmountFen(amount: unknown): amount is number {
  return (
    typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 && amount <= MAX_WALLET_AMOUNT_FEN
  );
}

export function isValidAdjustment(amount: unknown): amount is number {
  return typeof amount === 'number' && isValidAmountFen(Math.abs(amount));
}

export function isValidAdjustReason(reason: unknown): reason is string {
  return (
    typeof reason === 'string' &&
    hasVisibleText(reason) &&
    textLength(reason.trim()) <= MAX_ADJUST_REASON_LENGTH
  );
}

const effectOf = (event: CustomerFact) =>
  (WALLET_FACTS as readonly string[]).includes(event.type) ? ledgerEffect(event as WalletFact) : 0;

export const customerMachine = setup({
  types: {
    context: {} as CustomerContext,
    events: {} as CustomerFact,
    input: {} as CustomerInput,
  },
  guards: {
    validAmount: ({ event }) => 'amountFen' in event.data && isValidAmountFen(event.data.amountFen),
    validAdjustment: ({ event }) =>
      event.type === 'WalletAdjusted' &&
      isValidAdjustment(event.data.amountFen) &&
      isValidAdjustReason(event.reason),
    coveredByBalance: ({ context, event }) => context.balanceFen + effectOf(event) >= 0,
  },
  actions: {
    book: assign({ balanceFen: ({ context, event }) => context.balanceFen + effectOf(event) }),
  },
}).createMachine({
  id: 'customer',
  context: ({ input }) => ({
    name: input.name,
    mobile: input.mobile,
    city: input.city,
    balanceFen: input.balanceFen ?? 0,
  }),
  initial: 'enabled',
  on: {
    WalletCredited: { guard: 'validAmount', actions: 'book' },
    WalletAdjusted: { guard: and(['validAdjustment', 'coveredByBalance']), actions: 'book' },
  },
  states: {
    enabled: {
      on: {
        CustomerClosed: 'closed',
        WalletToppedUp: { guard: 'validAmount', actions: 'book' },
        WalletCharged: { guard: and(['validAmount', 'coveredByBalance']), actions: 'book' },
      },
    },
    closed: {
      on: { CustomerEnabled: 'enabled' },
    },
  },
});
