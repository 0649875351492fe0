import { Button, Icon, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useMenu } from './useMenu';

/** The menu laid out across the navbar, for the "top menu" setting; groups open as dropdowns. */
export function TopMenu() {
  const { t } = useTranslation();
  const { tree, go, icon, label, isActive, isInActivePath } = useMenu();
  return (
    <nav className="app-top-menu" aria-label={t('settings.topMenu')} data-testid="top-menu">
      {tree.map((node) =>
        node.children.length ? (
          <Popover
            key={node.name}
            // Closed (Escape, or a choice), the menu gives the keyboard back to its button.
            shouldReturnFocusOnClose
            placement="bottom-start"
            minimal
            content={
              <Menu>
                {node.children.map((child) => (
                  <MenuItem
                    key={child.name}
                    text={label(child)}
                    active={isActive(child)}
                    labelElement={child.href ? <Icon icon="share" size={12} /> : undefined}
                    onClick={() => go(child)}
                  />
                ))}
              </Menu>
            }
          >
            <Button variant="minimal" icon={icon(node)} endIcon="caret-down" active={isInActivePath(node)}>
              {label(node)}
            </Button>
          </Popover>
        ) : (
          <Button
            key={node.name}
            variant="minimal"
            icon={icon(node)}
            active={isActive(node)}
            onClick={() => go(node)}
          >
            {label(node)}
          </Button>
        ),
      )}
    </nav>
  );
}
