import { useEffect, useRef } from 'react';
import { useAppActors } from '@/views/common/actors';
import { useCurrentRoute } from '@/views/common/route';

/**
 * A kept page (one the tab bar keeps while hidden) tells its tab whether it holds what was typed and not saved, so
 * that closing the tab asks first (src/machines/app/tabBarMachine.ts). The tab is the page's own route, as it was
 * when the page opened: the page stays its tab's while another is shown.
 */
export function useUnsavedTab(unsaved: boolean): void {
  const { tabBar } = useAppActors();
  const name = useRef(useCurrentRoute()?.name);
  useEffect(() => {
    const tab = name.current;
    if (!tab) return;
    tabBar.send({ type: 'tab.unsaved', name: tab, unsaved });
    return () => tabBar.send({ type: 'tab.unsaved', name: tab, unsaved: false });
  }, [tabBar, unsaved]);
}
