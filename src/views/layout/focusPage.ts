import { Classes } from '@blueprintjs/core';

/**
 * Where the keyboard goes when it has nowhere to be: to the title of the page shown (a heading that takes focus),
 * so the next Tab is in the page rather than back at the top of the navbar. After a navigation that left focus
 * outside the new page (on the link or button of the page left, in the menus, or nowhere), by the skip link, and
 * when the control that had focus went away on the page (an action's button gone once it was done, the button a
 * dialog would give focus back to gone with it). A page that put focus in itself (a field it focuses on opening)
 * keeps it; a list's table keeps its own (`data-keeps-focus`, src/views/kit/tableKeyboard.ts).
 */

const PAGE = '.keep-alive-page';
/** An element that keeps focus by its own rule when a control in it goes away. */
const KEEPS_FOCUS = '[data-keeps-focus]';
/** Such an element that holds a place to give focus back to, as a dialog opened from it closes. */
const HOLDS_PLACE = '[data-holds-place]';

/**
 * The title of the page shown: `page` (a route's name) once it is drawn and not hidden, else the one in sight. Kept
 * pages are in the document too, hidden; just after a navigation the page left is still in sight for a frame.
 */
function shownTitle(page?: string): HTMLElement | null {
  if (page)
    return document.querySelector<HTMLElement>(
      `${PAGE}[data-page="${CSS.escape(page)}"]:not([hidden]) .page-frame-title`,
    );
  const titles = document.querySelectorAll<HTMLElement>('.app-content .page-frame-title');
  return [...titles].find((title) => title.getClientRects().length > 0) ?? null;
}

/** Nothing has focus: the page's body has it. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** Focus is not in the page `title` heads: lost, in the navigation around it, or in a page left (now hidden). */
function focusOutside(title: HTMLElement): boolean {
  const active = document.activeElement;
  if (focusLost()) return true;
  // A dialog or menu (a portal) has it: it gives it back itself.
  if (active!.closest(`.${Classes.PORTAL}`)) return false;
  return !title.closest(PAGE)?.contains(active);
}

const WAIT_MS = 1_500;

/**
 * Focuses the title of `page` (or of the page in sight) once it is drawn (a page loads lazily), unless focus is in
 * that page already; `always` also takes focus from the page.
 */
export function focusPageTitle({ page, always = false }: { page?: string; always?: boolean } = {}): void {
  const started = performance.now();
  const attempt = () => {
    const title = shownTitle(page);
    if (title) {
      if (always || focusOutside(title)) title.focus({ preventScroll: true });
    } else if (performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * From now on, a control with focus that goes away (removed, or hidden with its page) and leaves focus nowhere gives
 * it to the title of the page in sight: judged a frame later, when whatever drew the control has had its say (a
 * dialog giving focus back, a page focusing a field). Focus a person sent to the page's background (a click beside
 * the controls) stays there. A control in an element that keeps focus by its own rule is left to it, and so is a
 * dialog's while such an element holds a place to give focus back to (the dialog came from a table's row). Returns
 * the way to stop.
 */
export function keepFocusOnPage(): () => void {
  const onFocusOut = (e: FocusEvent) => {
    const control = e.target;
    if (e.relatedTarget !== null || !(control instanceof Element) || control.closest(KEEPS_FOCUS)) return;
    const inDialog = control.closest(`.${Classes.PORTAL}`) !== null;
    requestAnimationFrame(() => {
      const gone = !control.isConnected || control.getClientRects().length === 0;
      if (!gone || !focusLost()) return;
      const title = shownTitle();
      const page = title?.closest(PAGE);
      if (title && !(inDialog && page?.querySelector(HOLDS_PLACE))) title.focus({ preventScroll: true });
    });
  };
  document.addEventListener('focusout', onFocusOut);
  return () => document.removeEventListener('focusout', onFocusOut);
}
