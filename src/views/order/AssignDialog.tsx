import { Button, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { Dialog } from '@/views/kit/Dialog';
import { Select } from '@/views/kit/Select';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { candidatePickerMachine } from '@/machines/screens/candidatePickerMachine';
import { ErrorCallout } from '@/views/kit/ErrorCallout';

export type PickerActor = ReturnType<typeof useCandidatePicker>;

/** The supplier picker's machine; `onAssign` gets the order and the supplier chosen. */
export function useCandidatePicker(onAssign: (orderId: number, supplierId: number) => void) {
  const actor = useActorRef(candidatePickerMachine);
  useEffect(() => {
    const sub = actor.on('picker.assign', (e) => onAssign(e.orderId, e.supplierId));
    return () => sub.unsubscribe();
  }, [actor, onAssign]);
  return actor;
}

/** Assigning (or reassigning) an order: the suppliers who can take it now, searchable; renders the picker. */
export function AssignDialog({ actor }: { actor: PickerActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const { orderNo, reassign, q, candidates, chosen, error } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches({ open: 'loading' }) || s.matches({ open: 'typing' }));
  const failed = useSelector(actor, (s) => s.matches({ open: 'failed' }));
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: 'picker.close' })}
      title={t(reassign ? 'order.assign.titleReassign' : 'order.assign.title', { orderNo })}
    >
      <DialogBody>
        <InputGroup
          leftIcon="search"
          autoFocus
          aria-label={t('order.assign.search')}
          placeholder={t('order.assign.search')}
          value={q}
          onChange={(e) => actor.send({ type: 'picker.search', q: e.target.value })}
        />
        <div className="order-assign-choices">
          {failed ? (
            <ErrorCallout error={error} />
          ) : loading ? (
            <Spinner size={20} />
          ) : candidates.length === 0 ? (
            <p className="kit-muted">
              {q.trim() ? t('order.assign.noMatch', { q: q.trim() }) : t('order.assign.none')}
            </p>
          ) : (
            <Select
              fill
              aria-label={t('order.assign.supplier')}
              value={String(chosen ?? '')}
              onChange={(e) => actor.send({ type: 'picker.choose', supplierId: Number(e.target.value) })}
              options={[
                ...(chosen === null ? [{ value: '', label: t('order.assign.choose'), disabled: true }] : []),
                ...candidates.map((s) => ({
                  value: String(s.id),
                  label: t('order.assign.option', { name: s.name, mobile: s.mobile, count: s.order_num }),
                })),
              ]}
            />
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'picker.close' })}>{t('list.cancel')}</Button>
            <Button
              intent={Intent.PRIMARY}
              disabled={loading || chosen === null}
              onClick={() => actor.send({ type: 'picker.confirm' })}
            >
              {t(reassign ? 'order.action.reassign' : 'order.action.assign')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
