import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSettings, selectShowFloatingSettings } from '@/machines/app/settingsMachine';
import { useAppActors } from '@/views/common/actors';
import { Breadcrumbs } from './Breadcrumbs';
import { ConfirmLogoutDialog } from './ConfirmLogoutDialog';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './layout.css';
import { focusPageTitle, keepFocusOnPage } from './focusPage';

const NARROW = '(max-width: 768px)';

/** The default layout every signed-in page sits in (SPEC §2). */
export default function Layout() {
  const { t } = useTranslation();
  const { settings } = useAppActors();
  const s = useSelector(settings, selectSettings);
  const floating = useSelector(settings, selectShowFloatingSettings);

  // The window's width is an input like a click: tell the settings machine when it crosses the breakpoint.
  useEffect(() => {
    const mq = window.matchMedia(NARROW);
    const report = () =>
      settings.send({ type: 'settings.setDevice', device: mq.matches ? 'mobile' : 'desktop' });
    report();
    mq.addEventListener('change', report);
    return () => mq.removeEventListener('change', report);
  }, [settings]);

  useEffect(keepFocusOnPage, []);

  const mobile = s.device === 'mobile';
  // The top menu lives in the navbar; without a navbar (or on a narrow window) the side menu stays.
  const showMenu = s.menu && (!s.topMenu || !s.navbar || mobile);
  // On a narrow window the menu is an overlay opened from the navbar, not a column that eats the page.
  const menuOpenOnMobile = mobile && !s.hideMenu;
  // Open over the page, the menu closes with Escape, as a drawer does, and the keyboard goes back to its button.
  useEffect(() => {
    if (!menuOpenOnMobile) return;
    const close = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      settings.send({ type: 'settings.toggleHideMenu' });
      document.querySelector<HTMLElement>('[data-testid="menu-toggle"]')?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpenOnMobile, settings]);
  return (
    <div className={`app-layout${mobile ? ' is-mobile' : ''}`}>
      {/* The first stop of the keyboard, shown once focused: past the navbar, the menu and the tabs. */}
      <button type="button" className="app-skip-link" onClick={() => focusPageTitle({ always: true })}>
        {t('layout.skipToContent')}
      </button>
      {s.navbar && <Navbar />}
      <div className="app-body">
        {showMenu && (!mobile || menuOpenOnMobile) && (
          <aside
            id="app-sider"
            className={`app-sider${s.menuCollapse && !mobile ? ' is-collapsed' : ''}${mobile ? ' is-overlay' : ''}`}
            style={{ width: s.menuCollapse && !mobile ? 50 : s.menuWidth }}
            aria-label={t('settings.menu')}
          >
            <SideMenu collapsed={s.menuCollapse && !mobile} />
            {!mobile && (
              <Button
                className="app-sider-toggle"
                variant="minimal"
                icon={s.menuCollapse ? 'menu-open' : 'menu-closed'}
                aria-label={t('navbar.menu.toggle')}
                title={t('navbar.menu.toggle')}
                onClick={() => settings.send({ type: 'settings.toggleMenuCollapse' })}
              />
            )}
          </aside>
        )}
        {menuOpenOnMobile && showMenu && (
          <div
            className="app-sider-backdrop"
            data-testid="menu-backdrop"
            onClick={() => settings.send({ type: 'settings.toggleHideMenu' })}
          />
        )}
        <div className="app-main">
          {s.tabBar && <TabBar />}
          <main className="app-content">
            <Breadcrumbs />
            <KeepAliveOutlet />
          </main>
          {s.footer && <footer className="app-footer">{t('footer.text')}</footer>}
        </div>
      </div>
      {floating && (
        <Button
          className="app-floating-settings"
          intent="primary"
          icon="cog"
          size="large"
          aria-label={t('navbar.settings')}
          data-testid="floating-settings"
          onClick={() => settings.send({ type: 'settings.open' })}
        />
      )}
      <SettingsDrawer />
      <ConfirmLogoutDialog />
    </div>
  );
}
