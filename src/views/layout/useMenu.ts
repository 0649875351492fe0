import type { IconName } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { preloadWhenIdle } from '@/app/preloadPages';
import { menuSource } from '@/app/routes';
import { buildMenuTree, menuPathTo, type MenuNode, type MenuSourceRoute } from '@/machines/app/menuTree';
import { selectServerMenu } from '@/machines/app/serverMenuMachine';
import { selectRole } from '@/machines/app/sessionMachine';
import { selectSettings } from '@/machines/app/settingsMachine';
import { useAppActors } from '@/views/common/actors';
import { useCurrentRoute } from '@/views/common/route';

/**
 * The menu both the side menu and the top menu render: the route table's meta (or the server menu when
 * menu-from-server is on) filtered by role, the chain leading to the current page, and how to follow an entry.
 */
export function useMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, settings, serverMenu } = useAppActors();
  const role = useSelector(session, selectRole);
  const { menuFromServer, device } = useSelector(settings, selectSettings);
  const server = useSelector(serverMenu, selectServerMenu);
  const current = useCurrentRoute();
  const { pathname } = useLocation();

  const tree = useMemo(() => {
    const source: MenuSourceRoute[] = menuFromServer && server.length ? server : menuSource();
    return buildMenuTree(source, role);
  }, [menuFromServer, server, role]);
  // The lists the menu offers load while the browser is idle, so that opening one does not wait for its code;
  // not while a page is on its way, whose own code comes first.
  const settled = useNavigation().state === 'idle';
  useEffect(() => (settled ? preloadWhenIdle(tree) : undefined), [tree, settled]);
  const activePath = useMemo(
    () => menuPathTo(tree, current?.name ?? '', pathname),
    [tree, current?.name, pathname],
  );

  const go = (node: MenuNode) => {
    if (node.href) window.open(node.href, '_blank', 'noopener,noreferrer');
    else navigate(node.path);
    // On a narrow window the menu is an overlay: close it once a page is chosen.
    if (device === 'mobile') settings.send({ type: 'settings.toggleHideMenu' });
  };
  return {
    tree,
    activePath,
    go,
    icon: (node: MenuNode) => (node.icon as IconName | undefined) ?? 'dot',
    label: (node: MenuNode) => t(node.locale),
    isActive: (node: MenuNode) => node.name === current?.name,
    isInActivePath: (node: MenuNode) => activePath.some((p) => p.name === node.name),
  };
}
