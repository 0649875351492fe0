import {
  Alignment,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar as BpNavbar,
  NavbarGroup,
  NavbarHeading,
  Popover,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { noticeBellMachine, selectBell } from '@/machines/app/noticeBellMachine';
import { selectRole, selectUser } from '@/machines/app/sessionMachine';
import { selectSettings } from '@/machines/app/settingsMachine';
import { useAppActors } from '@/views/common/actors';
import { LocaleSwitch } from '@/views/common/LocaleSwitch';
import '@/views/notice/notice.css';
import { TopMenu } from './TopMenu';
import { onNoticesChanged } from '@/views/notice/noticesChanged';

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(
    () => typeof document !== 'undefined' && Boolean(document.fullscreenElement),
  );
  useEffect(() => {
    const on = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [full, toggle];
}

const sameBell = (a: ReturnType<typeof selectBell>, b: ReturnType<typeof selectBell>) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.href === b.href &&
    a.count === b.count &&
    a.failed === b.failed &&
    a.auditState === b.auditState);

/**
 * The notice bell: how many notices wait for this staff member (the bell machine asks the policy which), linking
 * to the list filtered to them. Opening a notice page, or a notice written or audited here, counts again at once.
 */
function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const userId = useSelector(session, (s) => selectUser(s)?.id ?? null);
  const actor = useActorRef(noticeBellMachine, { input: { role, userId } });
  useEffect(() => actor.send({ type: 'bell.who', role, userId }), [actor, role, userId]);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname.startsWith('/notice/')) actor.send({ type: 'bell.refresh' });
  }, [actor, pathname, search]);
  useEffect(() => onNoticesChanged(() => actor.send({ type: 'bell.refresh' })), [actor]);
  const bell = useSelector(actor, selectBell, sameBell);
  if (!bell) return null;
  const text = bell.failed
    ? t('notice.bell.failed')
    : t(`notice.bell.${bell.auditState}`, { count: bell.count ?? 0 });
  return (
    <Button
      variant="minimal"
      icon="notifications"
      className="notice-bell"
      data-testid="notice-bell"
      aria-label={text}
      title={text}
      onClick={() => navigate(bell.href)}
    >
      {bell.count ? (
        <span className="notice-bell-badge" data-testid="notice-bell-count">
          {bell.count > 99 ? '99+' : bell.count}
        </span>
      ) : null}
    </Button>
  );
}

/** Navbar: logo, the top menu when that setting is on, the notice bell, locale switch, theme switch, full screen, settings, user menu (role switch, logout). */
export function Navbar() {
  const { t } = useTranslation();
  const { session, settings } = useAppActors();
  const user = useSelector(session, selectUser);
  const s = useSelector(settings, selectSettings);
  const [full, toggleFull] = useFullscreen();
  const dark = s.theme === 'dark';
  const role = user?.role ?? '';

  return (
    <BpNavbar className="app-navbar">
      <NavbarGroup align={Alignment.START}>
        {s.device === 'mobile' && s.menu && (
          <Button
            variant="minimal"
            icon="menu"
            data-testid="menu-toggle"
            aria-label={t('navbar.menu.toggle')}
            aria-expanded={!s.hideMenu}
            aria-controls="app-sider"
            onClick={() => settings.send({ type: 'settings.toggleHideMenu' })}
          />
        )}
        <NavbarHeading className="app-logo">
          <span className="app-logo-mark">MA</span>
          <span className="app-logo-text">{t('app.title')}</span>
        </NavbarHeading>
        {s.topMenu && s.menu && s.device !== 'mobile' && <TopMenu />}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END} className="app-navbar-actions">
        <NoticeBell />
        <LocaleSwitch />
        <Button
          variant="minimal"
          icon={dark ? 'flash' : 'moon'}
          data-testid="theme-switch"
          aria-label={t(dark ? 'navbar.theme.toLight' : 'navbar.theme.toDark')}
          title={t(dark ? 'navbar.theme.toLight' : 'navbar.theme.toDark')}
          onClick={() => settings.send({ type: 'settings.toggleTheme' })}
        />
        <Button
          variant="minimal"
          className="hide-on-mobile"
          icon={full ? 'minimize' : 'fullscreen'}
          aria-label={t(full ? 'navbar.screen.toExit' : 'navbar.screen.toFull')}
          title={t(full ? 'navbar.screen.toExit' : 'navbar.screen.toFull')}
          onClick={toggleFull}
        />
        <Button
          variant="minimal"
          icon="cog"
          data-testid="settings-open"
          aria-label={t('navbar.settings')}
          title={t('navbar.settings')}
          onClick={() => settings.send({ type: 'settings.open' })}
        />
        <Popover
          // Closed (Escape, or a choice), the menu gives the keyboard back to its button.
          shouldReturnFocusOnClose
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem
                disabled
                icon="person"
                text={t('navbar.user.currentRole', { role: role ? t(`role.${role}`) : '—' })}
              />
              <MenuDivider />
              <MenuItem
                icon="swap-horizontal"
                data-testid="switch-role"
                text={t('navbar.user.switchRoles')}
                onClick={() => session.send({ type: 'session.switchRole' })}
              />
              <MenuItem
                icon="log-out"
                data-testid="logout"
                text={t('navbar.user.logout')}
                onClick={() => session.send({ type: 'session.logout' })}
              />
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon="user"
            endIcon="caret-down"
            data-testid="user-menu"
            // Named even where a narrow window hides the name beside the icon.
            aria-label={t('navbar.user.menu', { name: user?.name ?? '' })}
            text={user?.name ?? ''}
          />
        </Popover>
      </NavbarGroup>
    </BpNavbar>
  );
}
