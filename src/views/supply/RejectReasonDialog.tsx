import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The events both supplier screen machines take from the reject dialog. */
export type RejectDialogEvent =
  { type: 'dialog.cancel' } | { type: 'dialog.confirm' } | { type: 'dialog.reasonChange'; reason: string };

interface Props {
  isOpen: boolean;
  /** The supplier's name, for the title. */
  name: string;
  reason: string;
  /** The machine refused an empty reason. */
  invalid: boolean;
  inputId: string;
  send: (event: RejectDialogEvent) => void;
}

/** Asks for the rejection reason the supplier lifecycle requires; the list and the detail page share it. */
export function RejectReasonDialog({ isOpen, name, reason, invalid, inputId, send }: Props) {
  const { t } = useTranslation();
  const intent = invalid ? Intent.DANGER : Intent.NONE;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => send({ type: 'dialog.cancel' })}
      title={t('supply.reject.title', { name })}
    >
      <DialogBody>
        <FormGroup
          label={t('supply.reject.reason')}
          labelFor={inputId}
          intent={intent}
          helperText={invalid ? t('supply.reject.required') : undefined}
        >
          <TextArea
            id={inputId}
            fill
            autoFocus
            rows={4}
            value={reason}
            intent={intent}
            onChange={(e) => send({ type: 'dialog.reasonChange', reason: e.target.value })}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => send({ type: 'dialog.cancel' })}>{t('supply.dialog.cancel')}</Button>
            <Button intent={Intent.DANGER} onClick={() => send({ type: 'dialog.confirm' })}>
              {t('supply.action.reject')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
