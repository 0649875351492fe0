import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Dialog } from './Dialog';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router-dom';
import { selectUnsaved } from '@/machines/screens/detailScreenMachine';
import { useAskBeforeUnload } from '@/views/layout/unsavedTab';
import type { DetailActor } from './detailScreen';

/**
 * Leaving a record's page with what was typed not saved asks first: another page (the menu, a tab, Back) or closing
 * the browser's tab. Only for a page the tab bar does not keep (`ignoreCache`, every record's page): a kept page
 * keeps what was typed while hidden, and closing its tab asks (src/views/layout/unsavedTab.ts). Staying keeps the page as it is; leaving drops
 * what was typed. Signing out is not asked about: the session is gone by then.
 */
export function LeaveGuard({ actor }: { actor: DetailActor }) {
  const { t } = useTranslation();
  const unsaved = useSelector(actor, selectUnsaved);
  const here = useRef(useLocation().pathname);
  // Judged on the machine as it is when the page is left, not as last drawn: a command that ends the record (a city
  // deleted) leaves in the same moment.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname === here.current &&
      nextLocation.pathname !== here.current &&
      nextLocation.pathname !== '/login' &&
      selectUnsaved(actor.getSnapshot()),
  );
  useAskBeforeUnload(unsaved);
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      isOpen={open}
      onClose={() => blocker.reset?.()}
      title={t('detail.leave.title')}
      icon="warning-sign"
    >
      <DialogBody>
        <p>{t('detail.leave.body')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button autoFocus onClick={() => blocker.reset?.()}>
              {t('detail.leave.stay')}
            </Button>
            <Button intent={Intent.DANGER} onClick={() => blocker.proceed?.()}>
              {t('detail.leave.discard')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
