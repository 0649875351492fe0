import { expect, it } from 'vitest';
import { appRoutes, type AppRoute } from '@/app/routes';
import { MENU, type MenuRoute } from '../../server/modules/user/menu';

// The server menu cannot import the console's route table (the server imports only the lifecycles from src/),
// so it keeps its own copy. This test is what keeps the two copies the same contract.

interface Entry {
  path: string;
  href?: string;
  name: string;
  locale?: string;
  roles?: string[];
  order?: number;
  hideInMenu: boolean;
}

function flatten(routes: readonly (AppRoute | MenuRoute)[]): Entry[] {
  return routes.flatMap((r) => [
    {
      path: r.path,
      href: r.href,
      name: r.name,
      locale: r.meta.locale,
      roles: r.meta.roles,
      order: r.meta.order,
      hideInMenu: r.meta.hideInMenu ?? false,
    },
    ...flatten(r.children ?? []),
  ]);
}

const byName = (entries: Entry[]) => Object.fromEntries(entries.map((e) => [e.name, e]));

it('the server menu names every console route with the same path, locale, roles, order and visibility', () => {
  // The redirect helper and the hidden FAQ link are the console's own; they are not server menu routes.
  const consoleRoutes = flatten(appRoutes.filter((r) => r.name !== 'redirectWrapper' && r.name !== 'faq'));
  expect(byName(flatten(MENU))).toEqual(byName(consoleRoutes));
});
