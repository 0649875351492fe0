/**
 * Blueprint's tag and small button drawn with Blueprint's classes and markup but without its components, for the
 * controls repeated on every row of a table. Blueprint's Tag and Button measure their text after every render (a
 * text read and, for a tag, a layout read each, then a second render): on a page of rows that was the largest part
 * of a list's first render. The stylesheet and both themes apply to them unchanged.
 */
import { Classes, type Intent } from '@blueprintjs/core';
import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/** A minimal tag (a state or a verdict in a cell); other attributes (a `data-` one) go on the tag. */
export function RowTag({
  intent,
  round = false,
  children,
  ...rest
}: { intent?: Intent; round?: boolean; children: ReactNode } & Omit<
  HTMLAttributes<HTMLSpanElement>,
  'className'
>) {
  return (
    <span
      {...rest}
      className={classes(Classes.TAG, Classes.MINIMAL, Classes.intentClass(intent), round && Classes.ROUND)}
    >
      <span className={classes(Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS)}>{children}</span>
    </span>
  );
}

/**
 * A small minimal button (a row's action). An anchor, as Blueprint's AnchorButton: a disabled one still receives
 * the pointer, so the tooltip around it can say why it is refused. Enter and Space press it, as a button.
 */
export function RowButton({
  intent,
  disabled = false,
  onClick,
  action,
  children,
}: {
  intent?: Intent;
  disabled?: boolean;
  onClick: () => void;
  /** The command it sends, as `data-action`. */
  action?: string;
  children: ReactNode;
}) {
  const press = (e: KeyboardEvent) => {
    if (disabled || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    onClick();
  };
  return (
    <a
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      className={classes(
        Classes.BUTTON,
        Classes.SMALL,
        Classes.MINIMAL,
        Classes.intentClass(intent),
        disabled && Classes.DISABLED,
      )}
      onClick={disabled ? undefined : onClick}
      onKeyDown={press}
      data-action={action}
    >
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </a>
  );
}
