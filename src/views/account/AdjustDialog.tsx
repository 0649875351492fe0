import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { Dialog } from '@/views/kit/Dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDto } from '@/contract/customers';
import { formatYuan } from '@/machines/lifecycles/money';
import { balanceAdjustment } from '@/machines/screens/balanceAdjustment';
import { MAX_ADJUST_REASON_LENGTH } from '@/machines/lifecycles/customerMachine';
import { CountedHelper } from '@/views/kit/CountedHelper';

/**
 * An admin's adjustment of a wallet: a signed amount (`-20.00` takes money out) and a required reason, judged by
 * `balanceAdjustment` (the account's lifecycle: also that the balance stays ≥ 0) before the command is sent. Sent, it closes and
 * keeps what was typed: refused (someone else changed the account first), opening it again shows it; once the
 * adjustment is done (`done` counts them), it is empty again. It stays mounted through that, so that closing gives
 * the focus back to the button that opened it.
 */
export function AdjustDialog({
  account,
  done,
  onAdjust,
  onClose,
}: {
  account: CustomerDto | null;
  done: number;
  onAdjust: (command: { type: 'customer.adjust'; amountFen: number; reason: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setAmount('');
    setReason('');
    setTried(false);
  }, [done]);
  const { command, refusal, problems } = balanceAdjustment(account, amount, reason);
  // The balance as the page shows money: 1,223.00.
  const values = { balance: account ? formatYuan(account.balance_fen) : '' };
  const close = () => {
    setAmount('');
    setReason('');
    setTried(false);
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (refusal === null) {
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
          helperText={tried && problems.amount ? t(problems.amount, values) : t('account.adjust.hint')}
          intent={tried && problems.amount ? Intent.DANGER : Intent.NONE}
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
          helperText={
            <CountedHelper
              text={tried && problems.reason ? t(problems.reason) : undefined}
              value={reason}
              max={MAX_ADJUST_REASON_LENGTH}
            />
          }
          intent={tried && problems.reason ? Intent.DANGER : Intent.NONE}
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
