import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * A page's tabs kept in its address (`?section=<id>`), so a reload, a link or the tab bar opens the same tab. A page
 * kept alive behind another tab does not follow that page's address: only its own.
 */
export function useSectionParam<T extends string>(
  path: string,
  ids: readonly T[],
  fallback: T,
): [T, (id: T) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const here = pathname === path;
  const asked = params.get('section');
  const named = (ids as readonly string[]).includes(asked ?? '') ? (asked as T) : fallback;
  const [section, setSection] = useState<T>(named);
  useEffect(() => {
    if (here) setSection(named);
  }, [here, named]);
  const choose = (id: T) => {
    setSection(id);
    setParams(id === fallback ? {} : { section: id }, { replace: true });
  };
  return [section, choose];
}
