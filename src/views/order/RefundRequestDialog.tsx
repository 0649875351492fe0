import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { Dialog } from '@/views/kit/Dialog';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@/machines/lifecycles/money';
import { refundRequestMachine, refundRequestProblems } from '@/machines/screens/refundRequestMachine';
import { ErrorCallout } from '@/views/kit/ErrorCallout';
import { MAX_REFUND_REASON_LENGTH } from '@/machines/lifecycles/refundMachine';
import { CountedHelper } from '@/views/kit/CountedHelper';
import { describedField } from '@/views/kit/describedField';
import { showToast } from '@/views/common/toaster';

export type RefundRequestActor = ReturnType<typeof useRefundRequest>;

/** The refund request's machine; `onDone` runs after a request went through, or when the person asks to reload. */
export function useRefundRequest(onDone: () => void) {
  const { t } = useTranslation();
  const actor = useActorRef(refundRequestMachine);
  useEffect(() => {
    const subs = [
      actor.on('refund.requested', () => {
        showToast({ intent: Intent.SUCCESS, message: t('toast.refund.request') });
        onDone();
      }),
      actor.on('refund.reload', () => onDone()),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [actor, onDone, t]);
  return actor;
}

/** Staff ask for a refund of an order or a renewal: renders the request machine. */
export function RefundRequestDialog({ actor }: { actor: RefundRequestActor }) {
  const { t } = useTranslation();
  const context = useSelector(actor, (s) => s.context);
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const problems = context.tried ? refundRequestProblems(context) : {};
  const values = { refundable: formatYuan(context.target?.row.refundable_fen ?? 0) };
  const amount = describedField(
    'refund-amount',
    problems.amount ? t(problems.amount, values) : undefined,
    Boolean(problems.amount),
  );
  const reason = describedField(
    'refund-reason',
    <CountedHelper
      text={problems.reason ? t(problems.reason) : undefined}
      value={context.reason}
      max={MAX_REFUND_REASON_LENGTH}
    />,
    Boolean(problems.reason),
  );
  const close = () => actor.send({ type: 'refund.close' });
  return (
    <Dialog
      isOpen={open}
      onClose={close}
      title={t(context.target?.kind === 'renewal' ? 'order.refund.titleRenewal' : 'order.refund.title', {
        orderNo: context.target?.row.order_no ?? '',
        id: context.target?.row.id ?? '',
      })}
    >
      <DialogBody>
        <FormGroup
          label={t('order.refund.amount', values)}
          labelFor="refund-amount"
          intent={problems.amount ? Intent.DANGER : Intent.NONE}
          helperText={amount.helperText}
        >
          <InputGroup
            {...amount.input}
            id="refund-amount"
            autoFocus
            leftElement={<span className="order-currency">¥</span>}
            inputMode="decimal"
            value={context.amount}
            onChange={(e) => actor.send({ type: 'refund.change', field: 'amount', value: e.target.value })}
            onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'refund.submit' })}
          />
        </FormGroup>
        <FormGroup
          label={t('order.refund.reason')}
          labelFor="refund-reason"
          intent={problems.reason ? Intent.DANGER : Intent.NONE}
          helperText={reason.helperText}
        >
          <TextArea
            {...reason.input}
            id="refund-reason"
            fill
            rows={3}
            value={context.reason}
            onChange={(e) => actor.send({ type: 'refund.change', field: 'reason', value: e.target.value })}
          />
        </FormGroup>
        <ErrorCallout error={context.error} />
        {context.stale && (
          <Callout intent={Intent.WARNING} className="kit-dialog-changed" data-testid="refund-stale">
            {t('order.refund.stale')}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close}>{t('list.cancel')}</Button>
            {context.stale && (
              <Button onClick={() => actor.send({ type: 'refund.reload' })}>{t('list.reload')}</Button>
            )}
            <Button
              intent={Intent.PRIMARY}
              loading={sending}
              onClick={() => actor.send({ type: 'refund.submit' })}
            >
              {t('order.action.requestRefund')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
