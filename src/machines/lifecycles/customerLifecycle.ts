import type { SnapshotFrom } from 'xstate';
import { formatYuan } from './money';
import {
  MAX_ADJUST_REASON_LENGTH,
  MAX_WALLET_AMOUNT_FEN,
  customerMachine,
  isValidAdjustReason,
  isValidAdjustment,
  isValidAmountFen,
  type CustomerProfile,
  type LedgerRef,
} from './customerMachine';
import { defineLifecycle } from './lifecycle';

/**
 * The customer account lifecycle declared for the entity kit (lifecycle.ts): what each command stores (a wallet
 * fact records the balance it leaves, so the ledger reads with a running balance), the flat status the projection
 * keeps, and the words for a refusal. The rules are the machine's guards (customerMachine.ts).
 */

export type CustomerSnapshot = SnapshotFrom<typeof customerMachine>;

export const CUSTOMER_STREAM = 'customer';
export const CUSTOMER_REGISTERED = 'CustomerRegistered';

export type CustomerCommand =
  | { type: 'customer.enable' }
  | { type: 'customer.close' }
  | { type: 'customer.topUp'; amountFen: number }
  | { type: 'customer.charge'; amountFen: number; ref: LedgerRef }
  | { type: 'customer.credit'; amountFen: number; ref: LedgerRef }
  | { type: 'customer.adjust'; amountFen: number; reason: string };

export type CustomerCommandType = CustomerCommand['type'];

export interface CustomerStatus {
  is_enabled: boolean;
  balance_fen: number;
}

export function customerStatusOf(snapshot: CustomerSnapshot): CustomerStatus {
  return { is_enabled: snapshot.matches('enabled'), balance_fen: snapshot.context.balanceFen };
}

export function customerSnapshot(
  isEnabled: boolean,
  profile: CustomerProfile,
  balanceFen: number,
): CustomerSnapshot {
  return customerMachine.resolveState({
    value: isEnabled ? 'enabled' : 'closed',
    context: { ...profile, balanceFen },
  });
}

function describe(snapshot: CustomerSnapshot): string {
  return `${snapshot.matches('enabled') ? 'open' : 'closed'} with a balance of ¥${formatYuan(snapshot.context.balanceFen)}`;
}

export const CUSTOMER_ACTION_LABEL: Record<CustomerCommandType, string> = {
  'customer.enable': 'enable this account',
  'customer.close': 'close this account',
  'customer.topUp': "top up this account's wallet",
  'customer.charge': "pay from this account's wallet",
  'customer.credit': "credit this account's wallet",
  'customer.adjust': "adjust this account's balance",
};

export const CUSTOMER_REASON_TEXT = {
  alreadyEnabled: 'it is already enabled',
  alreadyClosed: 'it is already closed',
  closed: 'the account is closed',
  invalidAmount: `the amount must be between ¥0.01 and ¥${formatYuan(MAX_WALLET_AMOUNT_FEN)} (an adjustment may also take that much out)`,
  reasonRequired: `a reason of 1 to ${MAX_ADJUST_REASON_LENGTH} characters is required`,
  insufficientBalance: 'the balance is too low',
  notAllowed: 'the action is not possible in this state',
} as const;

export type CustomerRefusal = keyof typeof CUSTOMER_REASON_TEXT;

function explain(snapshot: CustomerSnapshot, command: CustomerCommand): CustomerRefusal {
  const enabled = snapshot.matches('enabled');
  switch (command.type) {
    case 'customer.enable':
      return enabled ? 'alreadyEnabled' : 'notAllowed';
    case 'customer.close':
      return enabled ? 'notAllowed' : 'alreadyClosed';
    case 'customer.topUp':
      return enabled ? 'invalidAmount' : 'closed';
    case 'customer.charge':
      if (!enabled) return 'closed';
      return isValidAmountFen(command.amountFen) ? 'insufficientBalance' : 'invalidAmount';
    case 'customer.credit':
      return 'invalidAmount';
    case 'customer.adjust':
      if (!isValidAdjustment(command.amountFen)) return 'invalidAmount';
      return isValidAdjustReason(command.reason) ? 'insufficientBalance' : 'reasonRequired';
  }
}

const balanceAfter = (snapshot: CustomerSnapshot, effect: number) => snapshot.context.balanceFen + effect;

export const customerLifecycle = defineLifecycle<typeof customerMachine, CustomerCommand, CustomerProfile>({
  name: 'customer',
  stream: CUSTOMER_STREAM,
  machine: customerMachine,
  createdFact: CUSTOMER_REGISTERED,
  start: (data) => customerSnapshot(true, data, 0),
  facts: {
    'customer.enable': () => [{ type: 'CustomerEnabled', data: {} }],
    'customer.close': () => [{ type: 'CustomerClosed', data: {} }],
    'customer.topUp': (c, s) => [
      { type: 'WalletToppedUp', data: { amountFen: c.amountFen, balanceFen: balanceAfter(s, c.amountFen) } },
    ],
    'customer.charge': (c, s) => [
      {
        type: 'WalletCharged',
        data: { amountFen: c.amountFen, balanceFen: balanceAfter(s, -c.amountFen), ref: c.ref },
      },
    ],
    'customer.credit': (c, s) => [
      {
        type: 'WalletCredited',
        data: { amountFen: c.amountFen, balanceFen: balanceAfter(s, c.amountFen), ref: c.ref },
      },
    ],
    'customer.adjust': (c, s) => [
      {
        type: 'WalletAdjusted',
        data: { amountFen: c.amountFen, balanceFen: balanceAfter(s, c.amountFen) },
        reason: typeof c.reason === 'string' ? c.reason.trim() : c.reason,
      },
    ],
  },
  reasonPrefix: 'account.reason',
  reasons: CUSTOMER_REASON_TEXT,
  inputReasons: { invalidAmount: 'amountFen', reasonRequired: 'reason' },
  actionLabels: CUSTOMER_ACTION_LABEL,
  describe,
  explain,
  refusalValues: (snapshot) => ({ balance: formatYuan(snapshot.context.balanceFen) }),
  sample: (type) => {
    switch (type) {
      case 'customer.topUp':
      case 'customer.credit':
        return { type, amountFen: 1 } as CustomerCommand;
      case 'customer.charge':
        return { type, amountFen: 1, ref: { kind: 'order', id: 0, orderNo: '' } };
      case 'customer.adjust':
        return { type, amountFen: 1, reason: 'sample' };
      default:
        return { type } as CustomerCommand;
    }
  },
});
