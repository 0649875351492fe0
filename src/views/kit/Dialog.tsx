// The one place Blueprint's Dialog and Drawer are used (eslint.config.js sends every other view here).
import './kit.css';
import { Button, Classes, H2, H4, Icon, IconSize } from '@blueprintjs/core';
// eslint-disable-next-line no-restricted-imports
import { Dialog as BpDialog, Drawer as BpDrawer } from '@blueprintjs/core';
import type { DialogProps, DrawerProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The × that closes a dialog or drawer, named in the page's language: Blueprint names its own "Close" in English
 * whatever the language.
 */
function CloseButton({
  onClose,
  large,
}: {
  onClose?: (event: React.SyntheticEvent<HTMLElement>) => void;
  large?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      aria-label={t('dialog.close')}
      className={Classes.DIALOG_CLOSE_BUTTON}
      icon={<Icon icon="small-cross" size={large ? IconSize.LARGE : IconSize.STANDARD} />}
      onClick={onClose}
      variant="minimal"
    />
  );
}

/** Blueprint's dialog, its header drawn here: the same look, its × named in the page's language. */
export function Dialog({ title, icon, isCloseButtonShown, children, ...props }: DialogProps) {
  const titleId = useId();
  if (title === undefined || title === null) return <BpDialog {...props}>{children}</BpDialog>;
  return (
    <BpDialog {...props} aria-labelledby={props['aria-labelledby'] ?? titleId}>
      <div className={Classes.DIALOG_HEADER}>
        <Icon icon={icon} size={IconSize.STANDARD} aria-hidden tabIndex={-1} />
        <H2 id={titleId}>{title}</H2>
        {isCloseButtonShown !== false && <CloseButton onClose={props.onClose} />}
      </div>
      {children}
    </BpDialog>
  );
}

/**
 * Blueprint's drawer, a dialog to assistive technology (Blueprint gives it no role, and no name), its × named in the
 * page's language.
 */
export function Drawer({
  title,
  icon,
  children,
  ...props
}: Omit<DrawerProps, 'title' | 'isCloseButtonShown'> & { title: ReactNode }) {
  const titleId = useId();
  return (
    <BpDrawer {...props}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="kit-drawer">
        <div className={Classes.DRAWER_HEADER}>
          <Icon icon={icon} size={IconSize.LARGE} aria-hidden />
          <H4 id={titleId}>{title}</H4>
          <CloseButton onClose={props.onClose} large />
        </div>
        {children}
      </div>
    </BpDrawer>
  );
}
