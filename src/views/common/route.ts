import { useMatches } from 'react-router-dom';

/** What the router attaches to each route (`handle`), from the route table. */
export interface RouteHandle {
  name: string;
  locale?: string;
  ignoreCache?: boolean;
  /** false: the page shows no breadcrumb (route meta `breadcrumb`). */
  breadcrumb?: boolean;
}

/** The deepest matched route's handle: the page being shown. */
export function useCurrentRoute(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}
