import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, type FocusEvent as ReactFocusEvent } from 'react';

/**
 * The keyboard in a list's table (Blueprint Table): where focus was is kept across the table's redraws, and the
 * table's panes keep together when focus scrolls one of them. Used by EntityTable (listScreen.tsx).
 */

interface Row {
  id: number;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/** Where the keyboard was in a table: the control's column and pane, its record and row, its action if any. */
interface Place {
  box: HTMLElement;
  quadrant: string;
  col: string;
  id: number;
  /** The row's place in the list when focus came to it. */
  index: number;
  action: string | null;
}

/** The place in the list of the row a table cell draws (-1 for none: a header, or no cell). */
const rowIndexOf = (cell: Element | null | undefined) =>
  Number(/-table-cell-row-(\d+)/.exec(cell?.className ?? '')?.[1] ?? -1);

/**
 * Where the keyboard was in the table, kept across its redraws: a command from a row (approve; reject, through its
 * dialog) draws the row again, the button that had focus goes with it, and focus falls to the page; or the table
 * keeps the button and draws another record's row around it. After a redraw that left focus nowhere or on another
 * record, the same place takes it back: the same record's row (found by its id, wherever it is now), the same
 * action, else the row's first control still enabled there. A row gone from the list (approved out of "waiting
 * audit") gives its place to the row now where it was, or the last: its link (the record's name), never one of its
 * actions, so a second Enter does not act on a record nobody looked at; a row without a link gives the table.
 * Focus taken anywhere else but a dialog or menu (a portal), or left for the page's background, forgets the place.
 */
export function useFocusKeptInTable(items: readonly Row[], redrawnBy: unknown[]) {
  const place = useRef<Place | null>(null);
  // While it holds a place, the table says so (`data-holds-place`): the page's own rule leaves a dialog's focus to
  // it then (src/views/layout/focusPage.ts).
  const hold = (next: Place | null) => {
    place.current?.box.removeAttribute('data-holds-place');
    next?.box.setAttribute('data-holds-place', '');
    place.current = next;
  };
  const rows = useRef(items);
  rows.current = items;
  const restore = () => {
    const at = place.current;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    // The table kept the focused button and drew another record's row around it (a header is no record's).
    const shown = active && at?.box.contains(active) ? idAt(active) : undefined;
    const onAnother = shown !== undefined && shown !== at?.id;
    if (!at || !(lost || onAnother) || !at.box.isConnected) return;
    const same = rows.current.findIndex((r) => r.id === at.id);
    const row = same >= 0 ? same : Math.min(at.index, rows.current.length - 1);
    const ns = Classes.getClassNamespace();
    const enabled = (e: Element | null | undefined) =>
      e instanceof HTMLElement && e.getAttribute('aria-disabled') !== 'true' ? e : null;
    let target: HTMLElement | null | undefined;
    if (same >= 0) {
      const cell = at.box.querySelector<HTMLElement>(
        `.${at.quadrant} .${ns}-table-cell-row-${row}.${at.col}`,
      );
      target =
        enabled(at.action ? cell?.querySelector(`[data-action="${CSS.escape(at.action)}"]`) : null) ??
        [...(cell?.querySelectorAll(FOCUSABLE) ?? [])].map(enabled).find((e) => e !== null);
    } else {
      // A frozen column is drawn twice, its shown copy in the left pane: that one first.
      const links = ['left', 'main'].flatMap((pane) => [
        ...at.box.querySelectorAll<HTMLElement>(
          `.${ns}-table-quadrant-${pane} .${ns}-table-cell-row-${row} a[href]`,
        ),
      ]);
      target = links.find((a) => !a.closest('[data-action]')) ?? at.box;
    }
    target?.focus({ preventScroll: true });
  };
  /** The id of the record whose row `element` is in, as the table draws it now. */
  const idAt = (element: Element) => {
    const cell = element.closest(`.${Classes.getClassNamespace()}-table-cell`);
    const row = rowIndexOf(cell);
    return rows.current[row]?.id;
  };
  useEffect(() => {
    const forget = (e: FocusEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(`.${Classes.PORTAL}`) || (place.current && place.current.box.contains(target)))
        return;
      hold(null);
    };
    // Focus left for nowhere: because its element went away (a dialog's button once the dialog faded out), the
    // place takes it back; because of a click on the background (the element is still there), it is forgotten.
    const leftForNowhere = (e: FocusEvent) => {
      const from = e.target;
      if (e.relatedTarget !== null || !place.current || !(from instanceof Element)) return;
      requestAnimationFrame(() => {
        if (from.isConnected) hold(null);
        else restore();
      });
    };
    document.addEventListener('focusin', forget);
    document.addEventListener('focusout', leftForNowhere);
    return () => {
      document.removeEventListener('focusin', forget);
      document.removeEventListener('focusout', leftForNowhere);
    };
  }, []);
  useEffect(() => {
    const frame = requestAnimationFrame(restore);
    return () => cancelAnimationFrame(frame);
    // Run after each redraw of these: that is what may have dropped focus.
  }, redrawnBy);
  return (e: ReactFocusEvent<HTMLElement>) => {
    const ns = Classes.getClassNamespace();
    const cell = e.target.closest<HTMLElement>(`.${ns}-table-cell`);
    const quadrant = e.target.closest<HTMLElement>(`.${ns}-table-quadrant`);
    const row = rowIndexOf(cell);
    const col = [...(cell?.classList ?? [])].find((c) => /-table-cell-col-\d+$/.test(c));
    const pane = [...(quadrant?.classList ?? [])].find((c) =>
      /-table-quadrant-(main|left|top|top-left)$/.test(c),
    );
    const id = rows.current[row]?.id;
    if (!col || !pane || id === undefined) return;
    hold({
      box: e.currentTarget,
      quadrant: pane,
      col,
      id,
      index: row,
      action: e.target.closest('[data-action]')?.getAttribute('data-action') ?? null,
    });
  };
}

/**
 * Focus moved by the keyboard into a frozen column (a row's checkbox) or a header (a sort button) scrolls that
 * pane by itself, and the table does not follow: rows then sit beside other rows' cells. The table follows the pane
 * (it keeps the panes with its own scroll).
 */
export function followPane(target: EventTarget, box: HTMLElement) {
  const pane = (name: string) => `.${Classes.getClassNamespace()}-table-quadrant-${name}`;
  if (!(target instanceof HTMLElement) || !target.matches(pane('scroll-container'))) return;
  const main = box.querySelector<HTMLElement>(`${pane('main')} ${pane('scroll-container')}`);
  if (!main || main === target) return;
  if (target.closest(pane('left')) && target.scrollTop !== main.scrollTop) main.scrollTop = target.scrollTop;
  if (target.closest(pane('top')) && target.scrollLeft !== main.scrollLeft)
    main.scrollLeft = target.scrollLeft;
}
