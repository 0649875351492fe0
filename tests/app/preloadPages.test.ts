// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVERYDAY_PAGES, SETTLE_MS, everydayPagesIn, preloadWhenIdle } from '@/app/preloadPages';
import { routeByName } from '@/app/routes';
import type { MenuNode } from '@/machines/app/menuTree';

const node = (name: string, children: MenuNode[] = []): MenuNode => ({
  name,
  path: `/${name}`,
  locale: name,
  children,
});

const TREE = [
  node('dashboard', [node('Workplace'), node('Monitor')]),
  node('supply', [node('SupplyList')]),
  node('order', [node('OrderServer'), node('OrderRefund')]),
  node('visualization', [node('DataAnalysis')]),
];

describe('everydayPagesIn', () => {
  it('names every everyday page of the menu, in menu order, and no other', () => {
    expect(everydayPagesIn(TREE)).toEqual(['SupplyList', 'OrderServer', 'OrderRefund']);
    expect(everydayPagesIn([node('dashboard', [node('Workplace')])])).toEqual([]);
  });

  it('names only routes that have a page', () => {
    for (const name of EVERYDAY_PAGES) expect(routeByName(name)?.page, name).toBeTypeOf('function');
  });
});

describe('preloadWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Loaders that record their calls and resolve when the test says. */
  function loaders() {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const pageOf = (name: string) => () => {
      started.push(name);
      return new Promise<void>((resolve) => finish.set(name, resolve));
    };
    return { started, finish, pageOf };
  }

  it('waits for the page to settle, then loads one page at a time, each after the last has loaded', async () => {
    const { started, finish, pageOf } = loaders();
    preloadWhenIdle(TREE, pageOf);
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toEqual(['SupplyList']);
    finish.get('SupplyList')!();
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toEqual(['SupplyList', 'OrderServer']);
    finish.get('OrderServer')!();
    await vi.advanceTimersByTimeAsync(5000);
    finish.get('OrderRefund')!();
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toEqual(['SupplyList', 'OrderServer', 'OrderRefund']);
  });

  it('goes on after a page that failed to load', async () => {
    const started: string[] = [];
    preloadWhenIdle(TREE, (name) => () => {
      started.push(name);
      return Promise.reject(new Error('offline'));
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(started).toEqual(['SupplyList', 'OrderServer', 'OrderRefund']);
  });

  it('loads nothing more once stopped, before it started or between pages', async () => {
    const early = loaders();
    preloadWhenIdle(TREE, early.pageOf)();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(early.started).toEqual([]);

    const later = loaders();
    const stop = preloadWhenIdle(TREE, later.pageOf);
    await vi.advanceTimersByTimeAsync(5000);
    stop();
    later.finish.get('SupplyList')!();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(later.started).toEqual(['SupplyList']);
  });
});
