import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  Icon,
  IconSize,
  Intent,
  Menu,
  MenuItem,
  Popover,
} from '@blueprintjs/core';
import { Dialog } from '@/views/kit/Dialog';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  HOME_TAB,
  selectDropping,
  selectHoldsUnsaved,
  selectReturnTo,
  selectTabs,
  type TabEntry,
  type TabsAfterNavigation,
} from '@/machines/app/tabBarMachine';
import { useAppActors } from '@/views/common/actors';
import { useCurrentRoute } from '@/views/common/route';
import { useAskBeforeUnload } from './unsavedTab';

const href = (tab: TabEntry) => {
  const q = new URLSearchParams(tab.query).toString();
  return q ? `${tab.fullPath}?${q}` : tab.fullPath;
};

/** The tab bar: one tab per opened page; close, close left/right/others, close all (back to the home tab). */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabBar } = useAppActors();
  const tabs = useSelector(tabBar, selectTabs);
  // A kept page holding what was typed asks before the browser's tab is closed or reloaded, as a record's page does.
  useAskBeforeUnload(useSelector(tabBar, selectHoldsUnsaved));
  const currentName = useCurrentRoute()?.name;
  const index = tabs.findIndex((x) => x.name === currentName);

  const close = (tab: TabEntry) => {
    const i = tabs.findIndex((x) => x.name === tab.name);
    if (tab.name !== currentName) tabBar.send({ type: 'tab.close', name: tab.name });
    // The page shown may ask first (src/views/kit/LeaveGuard.tsx): its tab closes once it was left (src/app/App.tsx).
    else
      void navigate(href(tabs[i - 1] ?? HOME_TAB), {
        state: { closeTab: tab.name, from: href(tab) } satisfies TabsAfterNavigation,
      });
  };
  const current = tabs[index];

  return (
    <div className="app-tabbar" role="tablist" aria-label={t('settings.tabBar')} data-testid="tab-bar">
      <div className="app-tabbar-tabs">
        {tabs.map((tab) => (
          // Drawn as Blueprint's large interactive tag, but a tab to assistive technology: Tag itself makes every
          // interactive tag a "button", whatever role it is given.
          <span
            key={tab.name}
            role="tab"
            aria-selected={tab.name === currentName}
            tabIndex={0}
            data-tab={tab.name}
            className={[
              'app-tab',
              Classes.TAG,
              Classes.LARGE,
              Classes.INTERACTIVE,
              tab.name === currentName ? Classes.INTENT_PRIMARY : Classes.MINIMAL,
            ].join(' ')}
            onClick={() => navigate(href(tab))}
            onKeyDown={(e) => {
              if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
              e.preventDefault();
              void navigate(href(tab));
            }}
          >
            <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{t(tab.title)}</span>
            {tab.name !== HOME_TAB.name && (
              // Its own close button: a button inside the tab, named for the tab it closes in the page's language.
              <button
                type="button"
                className={Classes.TAG_REMOVE}
                aria-label={t('tabBar.close', { title: t(tab.title) })}
                onClick={(e) => {
                  e.stopPropagation(); // the click would otherwise also select the tab being closed
                  close(tab);
                }}
              >
                <Icon icon="small-cross" size={IconSize.STANDARD} />
              </button>
            )}
          </span>
        ))}
      </div>
      <Popover
        // Closed (Escape, or a choice), the menu gives the keyboard back to its button.
        shouldReturnFocusOnClose
        placement="bottom-end"
        content={
          <Menu>
            <MenuItem
              icon="cross"
              text={t('tabBar.closeCurrent')}
              disabled={!current || current.name === HOME_TAB.name}
              onClick={() => current && close(current)}
            />
            <MenuItem
              icon="chevron-left"
              text={t('tabBar.closeLeft')}
              disabled={index <= 1}
              onClick={() => current && tabBar.send({ type: 'tab.closeLeft', name: current.name })}
            />
            <MenuItem
              icon="chevron-right"
              text={t('tabBar.closeRight')}
              disabled={index < 0 || index === tabs.length - 1}
              onClick={() => current && tabBar.send({ type: 'tab.closeRight', name: current.name })}
            />
            <MenuItem
              icon="swap-horizontal"
              text={t('tabBar.closeOthers')}
              disabled={tabs.length <= 1}
              onClick={() => current && tabBar.send({ type: 'tab.closeOthers', name: current.name })}
            />
            <MenuItem
              icon="disable"
              text={t('tabBar.closeAll')}
              onClick={() =>
                void navigate(HOME_TAB.fullPath, {
                  state: {
                    resetTabs: true,
                    ...(current ? { from: href(current) } : {}),
                  } satisfies TabsAfterNavigation,
                })
              }
            />
          </Menu>
        }
      >
        <Button variant="minimal" icon="more" aria-label={t('tabBar.actions')} data-testid="tab-actions" />
      </Popover>
      <DropEditsDialog />
    </div>
  );
}

/** A close that would drop what was typed on a kept page asks first; keeping leaves every tab open. */
function DropEditsDialog() {
  const { t, i18n } = useTranslation();
  const { tabBar } = useAppActors();
  const navigate = useNavigate();
  const dropping = useSelector(tabBar, selectDropping);
  const returnTo = useSelector(tabBar, selectReturnTo);
  // Kept after the page was left to close it: back to that page, where what was typed still is.
  const keep = () => {
    tabBar.send({ type: 'tab.keepEdits' });
    if (returnTo) void navigate(returnTo);
  };
  return (
    <Dialog isOpen={dropping.length > 0} onClose={keep} title={t('tabBar.unsaved.title')} icon="warning-sign">
      <DialogBody>
        <p>
          {t('tabBar.unsaved.body', {
            count: dropping.length,
            pages: new Intl.ListFormat(i18n.language).format(dropping.map((tab) => `“${t(tab.title)}”`)),
          })}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button autoFocus onClick={keep}>
              {t('tabBar.unsaved.keep', { count: dropping.length })}
            </Button>
            <Button intent={Intent.DANGER} onClick={() => tabBar.send({ type: 'tab.dropEdits' })}>
              {t('tabBar.unsaved.drop', { count: dropping.length })}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
