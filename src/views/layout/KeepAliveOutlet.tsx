import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { useOutlet } from 'react-router-dom';
import { selectCacheList } from '@/machines/app/tabBarMachine';
import { useAppActors } from '@/views/common/actors';
import { useCurrentRoute } from '@/views/common/route';

/**
 * The page area with the tab bar's cache: a page whose tab is cached stays mounted (hidden) while another tab
 * is shown, so its typed-in state survives switching tabs; closing the tab drops it from the cache (and
 * unmounts it). Pages with `ignoreCache` are rendered fresh each time.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const current = useCurrentRoute();
  const { tabBar } = useAppActors();
  const cacheList = useSelector(tabBar, selectCacheList);
  const kept = useRef(new Map<string, ReactNode>());

  const name = current?.name;
  const cacheable = Boolean(name && cacheList.includes(name) && !current?.ignoreCache);
  if (name && cacheable) kept.current.set(name, outlet);
  for (const key of [...kept.current.keys()]) if (!cacheList.includes(key)) kept.current.delete(key);

  return (
    <>
      {[...kept.current.entries()].map(([key, element]) => (
        <div key={key} className="keep-alive-page" data-page={key} hidden={key !== name}>
          {element}
        </div>
      ))}
      {!cacheable && (
        <div className="keep-alive-page" data-page={name}>
          {outlet}
        </div>
      )}
    </>
  );
}
