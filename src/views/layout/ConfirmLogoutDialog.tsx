import { Alert } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectConfirmingLogout, selectIsReloggingIn } from '@/machines/app/sessionMachine';
import { useAppActors } from '@/views/common/actors';

/** SPEC §8: the "Confirm logout" modal, open while the session machine is in `signedIn.confirmingLogout`. */
export function ConfirmLogoutDialog() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const open = useSelector(session, selectConfirmingLogout);
  const busy = useSelector(session, selectIsReloggingIn);
  return (
    <Alert
      isOpen={open || busy}
      loading={busy}
      icon="log-out"
      intent="warning"
      className="confirm-logout"
      confirmButtonText={t('session.expired.relogin')}
      cancelButtonText={t('session.expired.cancel')}
      onConfirm={() => session.send({ type: 'session.relogin' })}
      onCancel={() => session.send({ type: 'session.stay' })}
      canEscapeKeyCancel
    >
      <h4 className="bp6-heading">{t('session.expired.title')}</h4>
      <p>{t('session.expired.content')}</p>
    </Alert>
  );
}
