import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDto } from '@/contract/customers';
import { fenToJudge } from '@/machines/lifecycles/money';
import { customerScreen } from '@/machines/screens/orderScreens';
import { dialogProblem } from '@/machines/screens/screenEntity';

/**
 * An admin's adjustment of a wallet: a signed amount (`-20.00` takes money out) and a required reason. The
 * account's lifecycle judges both (and that the balance stays ≥ 0) before the command is sent. Sent, it closes and
 * keeps what was typed: refused (someone else changed the account first), opening it again shows it; its page
 * mounts it anew once the adjustment is done.
 */
export function AdjustDialog({
  account,
  onAdjust,
  onClose,
}: {
  account: CustomerDto | null;
  onAdjust: (command: { type: 'customer.adjust'; amountFen: number; reason: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const negative = amount.trim().startsWith('-');
  const magnitude = fenToJudge(negative ? amount.trim().slice(1) : amount);
  const amountFen = magnitude === null ? Number.NaN : negative ? -magnitude : magnitude;
  const command = { type: 'customer.adjust' as const, amountFen, reason: reason.trim() };
  const problem = account ? dialogProblem(customerScreen, account, command) : null;
  // What the text is not, before what the lifecycle says of the number (it sees only that there is none); and a
  // missing reason beside a wrong amount, so one try shows both.
  const amountText = amount.trim();
  const unreadable =
    amountText === ''
      ? 'account.adjust.amountRequired'
      : magnitude === null
        ? 'account.adjust.amountFormat'
        : null;
  const reasonRequired = 'account.reason.reasonRequired';
  const amountProblem = unreadable ?? (problem === reasonRequired ? null : problem);
  // The reason as the lifecycle judges it beside a good amount (a wrong amount is what it reports first).
  const reasonAlone = account ? dialogProblem(customerScreen, account, { ...command, amountFen: 1 }) : null;
  const reasonProblem =
    problem === reasonRequired || reasonAlone === reasonRequired || reason.trim() === ''
      ? reasonRequired
      : null;
  const values = { balance: account?.balance ?? '' };
  const close = () => {
    setAmount('');
    setReason('');
    setTried(false);
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (problem === null) {
      onAdjust(command);
      onClose();
    }
  };
  return (
    <Dialog
      isOpen={account !== null}
      onClose={close}
      title={t('account.adjust.title', { name: account?.name })}
    >
      <DialogBody>
        <FormGroup
          label={t('account.adjust.amount')}
          labelFor="adjust-amount"
          helperText={tried && amountProblem ? t(amountProblem, values) : t('account.adjust.hint')}
          intent={tried && amountProblem ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="adjust-amount"
            autoFocus
            inputMode="decimal"
            leftElement={<span className="order-currency">¥</span>}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
          />
        </FormGroup>
        <FormGroup
          label={t('account.adjust.reason')}
          labelFor="adjust-reason"
          helperText={tried && reasonProblem ? t(reasonProblem) : undefined}
          intent={tried && reasonProblem ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="adjust-reason"
            fill
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close}>{t('list.cancel')}</Button>
            <Button intent={Intent.PRIMARY} onClick={submit}>
              {t('account.action.adjust')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
