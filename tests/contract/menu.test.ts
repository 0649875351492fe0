import { expect, it } from 'vitest';
import { PAGE_NAMES, appRoutes, isPagePath, type AppRoute } from '@/app/routes';
import { CONSOLE_ONLY_ROUTES, ROUTES, pageTitleOf, recordRoute, type RouteEntry } from '@/contract/routes';
import { messagesFor } from '@/i18n';
import { MENU, menuFor, type MenuRoute } from '../../server/modules/user/menu';

// One route table (src/contract/routes.ts) for the console's router and the server's menu.

const names = (routes: readonly (RouteEntry | AppRoute | MenuRoute)[]): string[] =>
  routes.flatMap((r) => [r.name, ...names(r.children ?? [])]);

it('attaches a page to every leaf route of the table and to nothing else', () => {
  const leaves = (routes: readonly RouteEntry[]): string[] =>
    routes.flatMap((r) => (r.children ? leaves(r.children) : r.href ? [] : [r.name]));
  expect([...PAGE_NAMES].sort()).toEqual(leaves(ROUTES).sort());
  const withoutPage = (routes: readonly AppRoute[]): string[] =>
    routes.flatMap((r) => (r.children ? withoutPage(r.children) : r.href || r.page ? [] : [r.name]));
  expect(withoutPage(appRoutes)).toEqual([]);
});

it('serves the table as the server menu, without the console-only routes', () => {
  expect(names(MENU)).toEqual(names(ROUTES.filter((r) => !CONSOLE_ONLY_ROUTES.includes(r.name))));
  expect(names(MENU)).not.toContain('redirectWrapper');
  const monitor = MENU.find((r) => r.name === 'dashboard')!.children!.find((c) => c.name === 'Monitor')!;
  expect(monitor.meta).toMatchObject({
    locale: 'menu.dashboard.monitor',
    roles: ['admin'],
    requiresAuth: true,
  });
});

it("filters the menu by role: a user does not get the admin's routes, groups left empty are dropped", () => {
  const user = names(menuFor('user'));
  const admin = names(menuFor('admin'));
  expect(admin).toContain('Monitor');
  expect(user).not.toContain('Monitor');
  expect(user).not.toContain('form'); // every child of the form group is admin-only
  expect(user).toContain('SupplyList');
});

it('finds the page showing one record of each kind, and none for a kind shown inside another page', () => {
  expect(recordRoute('supplier')).toBe('/supply/detail');
  expect(recordRoute('service_city')).toBe('/system/update-service-city');
  expect(recordRoute('feedback')).toBe('/feedback/feedbackdetail');
  expect(recordRoute('refund')).toBeNull();
  const kinds = (routes: readonly RouteEntry[]): string[] =>
    routes.flatMap((r) => [...(r.meta.record ? [r.meta.record] : []), ...kinds(r.children ?? [])]);
  expect(kinds(ROUTES).sort()).toEqual(
    ['activity', 'customer', 'feedback', 'notice', 'order', 'project', 'service_city', 'supplier'].sort(),
  );
});

it('knows the console pages a result page may link back to, and nothing else', () => {
  expect(isPagePath('/list/search-table')).toBe(true);
  expect(isPagePath('/supply/list?audit_state=wait')).toBe(true);
  expect(isPagePath('/login')).toBe(true);
  for (const other of ['//example.com', '/no/such/page', 'https://example.com/supply/list', '*', '']) {
    expect(isPagePath(other)).toBe(false);
  }
});

it("titles a record's page opened to make a new one as such, and one opened with its id by the page", () => {
  const byName = (name: string) =>
    appRoutes.flatMap((r) => [r, ...(r.children ?? [])]).find((r) => r.name === name)!;
  const activity = byName('ActivityDetail');
  expect(pageTitleOf(activity, {})).toBe('activity.title.create');
  expect(pageTitleOf(activity, { id: '12' })).toBe('menu.activities.detail');
  const order = byName('OrderDetail');
  expect(pageTitleOf(order, {})).toBe('menu.order.detail');
  // Every page that makes records names its title in both languages.
  const creating = (routes: readonly RouteEntry[]): string[] =>
    routes.flatMap((r) => [
      ...(r.meta.createLocale ? [r.meta.createLocale] : []),
      ...creating(r.children ?? []),
    ]);
  expect(creating(ROUTES).length).toBe(5);
  for (const locale of ['en-US', 'zh-CN'] as const)
    for (const key of creating(ROUTES)) expect(messagesFor(locale)[key], `${locale} ${key}`).toBeTruthy();
});
