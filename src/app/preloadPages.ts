/**
 * The pages staff open all day (the lists), loaded while the browser is idle once the menu shows them: a menu click
 * then renders the page at once instead of first fetching, compiling and running its chunk (a list's chunk holds
 * the table's code, tens of milliseconds to run). It starts a second after the page shown has settled, then loads
 * one page per idle period, each after the last has loaded, so typing and scrolling are never held up. Heavy pages
 * (charts, diagrams, the editor) still load when opened.
 */
import type { MenuNode } from '@/machines/app/menuTree';
import { routeByName } from './routes';

export const EVERYDAY_PAGES: readonly string[] = [
  'SupplyList',
  'ProjectList',
  'ServiceCity',
  'OrderServer',
  'OrderRenew',
  'OrderRefuse',
  'OrderRefund',
  'OrderRenewAndRefund',
  'AccountList',
  'NoticeList',
  'FeedbackList',
  'ActivityList',
];

/** How long after a page has settled the preloading starts. */
export const SETTLE_MS = 1000;

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
};

/** The everyday pages among the menu's entries, in menu order. */
export function everydayPagesIn(tree: readonly MenuNode[]): string[] {
  const names: string[] = [];
  const visit = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (EVERYDAY_PAGES.includes(node.name)) names.push(node.name);
      visit(node.children);
    }
  };
  visit(tree);
  return names;
}

/** Loads the everyday pages of `tree`, one per idle period; the returned function stops what has not started. */
export function preloadWhenIdle(
  tree: readonly MenuNode[],
  pageOf: (name: string) => (() => Promise<unknown>) | undefined = (name) => routeByName(name)?.page,
): () => void {
  const queue = everydayPagesIn(tree).flatMap((name) => pageOf(name) ?? []);
  let cancel = () => {};
  let stopped = false;
  const next = () => {
    const page = queue.shift();
    if (stopped || !page) return;
    cancel = whenIdle(() => {
      // A page that fails to load here is loaded again when opened, and says so there.
      page().then(next, next);
    });
  };
  // A second after the page settles: the page just opened, and the clicks right after it, come first.
  const start = window.setTimeout(next, SETTLE_MS);
  cancel = () => window.clearTimeout(start);
  return () => {
    stopped = true;
    cancel();
  };
}
