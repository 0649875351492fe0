/**
 * Where the keyboard goes when a page is shown: to its title (a heading that takes focus), so the next Tab is in
 * the page rather than back at the top of the navbar. Used after a navigation that left focus nowhere (on a button
 * that went away) or in the menus it came from, and by the skip link. A page that put focus in itself (a field it
 * focuses on opening) keeps it.
 */

/**
 * The title of the page shown: `page` (a route's name) once it is drawn and not hidden, else the one in sight. Kept
 * pages are in the document too, hidden; just after a navigation the page left is still in sight for a frame.
 */
function shownTitle(page?: string): HTMLElement | null {
  if (page)
    return document.querySelector<HTMLElement>(
      `.keep-alive-page[data-page="${CSS.escape(page)}"]:not([hidden]) .page-frame-title`,
    );
  const titles = document.querySelectorAll<HTMLElement>('.app-content .page-frame-title');
  return [...titles].find((title) => title.getClientRects().length > 0) ?? null;
}

/** Focus is lost (on the page's body) or in the navigation around the page. */
function focusOutsidePage(): boolean {
  const active = document.activeElement;
  return (
    !active || active === document.body || active.closest('.app-sider, .app-tabbar, .app-navbar') !== null
  );
}

const WAIT_MS = 1_500;

/**
 * Focuses the title of `page` (or of the page in sight) once it is drawn (a page loads lazily); `always` also takes
 * focus from the page.
 */
export function focusPageTitle({ page, always = false }: { page?: string; always?: boolean } = {}): void {
  const started = performance.now();
  const attempt = () => {
    if (!always && !focusOutsidePage()) return;
    const title = shownTitle(page);
    if (title) title.focus({ preventScroll: true });
    else if (performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
