import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ErrorText } from '@/machines/app/apiErrors';
import { errorMessage } from '@/views/common/errorText';

/** Small pieces the system pages share: read-only notice, load failure, conflict offer, history entries. */

export function ReadOnlyNotice({ role }: { role: string | null }) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.WARNING} icon="lock" className="system-readonly">
      {t('system.common.readOnly', { role: role ? t(`role.${role}`, { defaultValue: role }) : '—' })}
    </Callout>
  );
}

export function LoadFailed({ message, onRetry }: { message: ErrorText; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      icon="error"
      title={t('system.common.loadFailed', { message: errorMessage(t, message) })}
      action={<Button onClick={onRetry}>{t('system.common.retry')}</Button>}
    />
  );
}

export function ConflictDialog({
  open,
  onReload,
  onKeep,
}: {
  open: boolean;
  onReload: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={open} title={t('system.common.conflict.title')} icon="warning-sign" onClose={onKeep}>
      <DialogBody>{t('system.common.conflict.body')}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onKeep}>{t('system.common.conflict.keep')}</Button>
            <Button intent={Intent.PRIMARY} onClick={onReload}>
              {t('system.common.conflict.reload')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function actorLabel(actor: { name: string | null; email: string | null }, fallback: string): string {
  return actor.name || actor.email || fallback;
}

export function formatTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale);
}
