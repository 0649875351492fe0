import { Collapse, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import type { MenuNode } from '@/machines/app/menuTree';
import { useMenu } from './useMenu';

/**
 * The side menu, from the route table's meta (or the server menu when menu-from-server is on): order,
 * hideInMenu, hideChildrenInMenu, icon and roles. Groups expand in place; collapsed, a group's children
 * open as a flyout.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { tree, activePath, go, icon, label, isActive: active, isInActivePath } = useMenu();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (n: MenuNode) => open[n.name] ?? isInActivePath(n);

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
              className={`app-menu-group-title${isInActivePath(node) ? ' is-active' : ''}`}
              data-route={node.name}
              aria-current={isInActivePath(node) && activePath.length === 1 ? 'page' : undefined}
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
                    data-route={child.name}
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
