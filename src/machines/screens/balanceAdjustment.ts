import type { CustomerDto } from '@/contract/customers';
import { fenToJudge, halfWidthAmount } from '../lifecycles/money';
import { customerScreen } from './orderScreens';
import { dialogProblem } from './screenEntity';

const REASON_REQUIRED = 'account.reason.reasonRequired';

export interface BalanceAdjustment {
  /** The command the typed amount and reason stand for (amountFen NaN while the amount is not money). */
  command: { type: 'customer.adjust'; amountFen: number; reason: string };
  /** What the account's lifecycle says of the whole command: null when it may be sent. */
  refusal: string | null;
  /** The message key beside each field, so one try shows a wrong amount and a missing reason together. */
  problems: Partial<Record<'amount' | 'reason', string>>;
}

/**
 * An admin's adjustment of a wallet as typed: a signed amount (`-20.00` takes money out) and a reason, judged by the
 * account's lifecycle. The amount's text is judged first (blank, not yuan) because the lifecycle sees only that there
 * is no number; a too-large amount is judged as the least it stands for, so it gets the lifecycle's "between" text.
 */
export function balanceAdjustment(
  account: CustomerDto | null,
  amount: string,
  reason: string,
): BalanceAdjustment {
  const amountText = halfWidthAmount(amount).trim();
  const negative = amountText.startsWith('-');
  // A plus sign says "add", as the hint's "a positive amount adds" invites: `+5` is 5.
  const signed = negative || amountText.startsWith('+');
  const magnitude = fenToJudge(signed ? amountText.slice(1) : amountText);
  const amountFen = magnitude === null ? Number.NaN : negative ? -magnitude : magnitude;
  const command = { type: 'customer.adjust' as const, amountFen, reason: reason.trim() };
  const refusal = account ? dialogProblem(customerScreen, account, command) : null;
  const unreadable =
    amountText === ''
      ? 'account.adjust.amountRequired'
      : magnitude === null
        ? 'account.adjust.amountFormat'
        : null;
  // Each field as the lifecycle judges it beside a good value of the other, since it reports one problem only:
  // the amount beside a reason (a missing reason would hide that the balance is too low), the reason beside 1 fen.
  const judged = (other: Partial<BalanceAdjustment['command']>) =>
    account ? dialogProblem(customerScreen, account, { ...command, ...other }) : null;
  const amountAlone = judged({ reason: 'a reason' });
  const amountProblem = unreadable ?? (amountAlone === REASON_REQUIRED ? null : amountAlone);
  const reasonAlone = judged({ amountFen: 1 });
  const reasonProblem =
    refusal === REASON_REQUIRED || reasonAlone === REASON_REQUIRED || command.reason === ''
      ? REASON_REQUIRED
      : null;
  const problems: BalanceAdjustment['problems'] = {};
  if (amountProblem) problems.amount = amountProblem;
  if (reasonProblem) problems.reason = reasonProblem;
  return { command, refusal, problems };
}
