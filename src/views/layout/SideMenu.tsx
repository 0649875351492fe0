import { Collapse, Icon, Menu, MenuItem } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuSource } from '@/app/routes';
import { buildMenuTree, menuPathTo, type MenuNode, type MenuSourceRoute } from '@/machines/app/menuTree';
import { selectServerMenu } from '@/machines/app/serverMenuMachine';
import { selectRole } from '@/machines/app/sessionMachine';
import { selectSettings } from '@/machines/app/settingsMachine';
import { useAppActors } from '@/views/common/actors';
import { useCurrentRoute } from '@/views/common/route';

/**
 * The side menu, from the route table's meta (or the server menu when menu-from-server is on): order,
 * hideInMenu, hideChildrenInMenu, icon and roles. Groups expand in place; collapsed, a group's children
 * open as a flyout.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, settings, serverMenu } = useAppActors();
  const role = useSelector(session, selectRole);
  const { menuFromServer, device } = useSelector(settings, selectSettings);
  const server = useSelector(serverMenu, selectServerMenu);
  const current = useCurrentRoute();

  const tree = useMemo(() => {
    const source: MenuSourceRoute[] = menuFromServer && server.length ? server : menuSource();
    return buildMenuTree(source, role);
  }, [menuFromServer, server, role]);
  const activePath = useMemo(() => menuPathTo(tree, current?.name ?? ''), [tree, current?.name]);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (n: MenuNode) => open[n.name] ?? activePath.some((p) => p.name === n.name);

  const go = (node: MenuNode) => {
    if (node.href) window.open(node.href, '_blank', 'noopener');
    else navigate(node.path);
    // On a narrow window the menu is an overlay: close it once a page is chosen.
    if (device === 'mobile') settings.send({ type: 'settings.toggleHideMenu' });
  };
  const icon = (node: MenuNode) => (node.icon as IconName | undefined) ?? 'dot';
  const label = (node: MenuNode) => t(node.locale);
  const active = (node: MenuNode) => node.name === current?.name;

  if (collapsed) {
    return (
      <Menu className="app-menu is-collapsed" data-testid="side-menu">
        {tree.map((node) =>
          node.children.length ? (
            <MenuItem
              key={node.name}
              icon={icon(node)}
              text=""
              aria-label={label(node)}
              active={activePath[0]?.name === node.name}
              popoverProps={{ placement: 'right-start' }}
            >
              {node.children.map((child) => (
                <MenuItem
                  key={child.name}
                  text={label(child)}
                  active={active(child)}
                  onClick={() => go(child)}
                />
              ))}
            </MenuItem>
          ) : (
            <MenuItem
              key={node.name}
              icon={icon(node)}
              text=""
              aria-label={label(node)}
              onClick={() => go(node)}
            />
          ),
        )}
      </Menu>
    );
  }

  return (
    <Menu className="app-menu" data-testid="side-menu">
      {tree.map((node) =>
        node.children.length ? (
          <li key={node.name} className="app-menu-group" role="none">
            <button
              type="button"
              className="app-menu-group-title"
              aria-expanded={isOpen(node)}
              onClick={() => setOpen((o) => ({ ...o, [node.name]: !isOpen(node) }))}
            >
              <Icon icon={icon(node)} />
              <span className="app-menu-text">{label(node)}</span>
              <Icon icon={isOpen(node) ? 'chevron-up' : 'chevron-down'} className="app-menu-caret" />
            </button>
            <Collapse isOpen={isOpen(node)} keepChildrenMounted>
              <ul className="app-menu-children" role="menu">
                {node.children.map((child) => (
                  <MenuItem
                    key={child.name}
                    text={label(child)}
                    active={active(child)}
                    onClick={() => go(child)}
                    labelElement={child.href ? <Icon icon="share" size={12} /> : undefined}
                  />
                ))}
              </ul>
            </Collapse>
          </li>
        ) : (
          <MenuItem
            key={node.name}
            icon={icon(node)}
            text={label(node)}
            active={active(node)}
            onClick={() => go(node)}
          />
        ),
      )}
    </Menu>
  );
}
