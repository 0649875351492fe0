import { useEffect, useMemo, useRef, useState } from 'react';
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

/**
 * While `unsaved`, closing or reloading the browser's tab (or leaving the console by an address) asks first, in the
 * browser's own words: what was typed would be dropped with the page.
 */
export function useAskBeforeUnload(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // Chromium before 119 asks only with it
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}

/**
 * A kept page of several forms, kept open side by side while one is shown (a section switch keeps what was typed):
 * each part (form) reports whether it holds what was typed and not saved; the page's tab holds it while any does.
 */
export function useUnsavedParts<P extends string>(parts: readonly P[]): Record<P, UnsavedReport> {
  const [holding, setHolding] = useState<ReadonlySet<P>>(() => new Set());
  useUnsavedTab(holding.size > 0);
  return useMemo(() => {
    const reportOf = (part: P) => (unsaved: boolean) =>
      setHolding((before) => {
        if (before.has(part) === unsaved) return before;
        const after = new Set(before);
        if (unsaved) after.add(part);
        else after.delete(part);
        return after;
      });
    return Object.fromEntries(parts.map((part) => [part, reportOf(part)])) as Record<P, UnsavedReport>;
  }, [parts]);
}

/** How a part of the page (a form) says whether it holds what was typed and not saved (`useUnsavedParts`). */
export type UnsavedReport = (unsaved: boolean) => void;

/** A part tells its page whenever it comes to hold, or stops holding, what was typed; and that it does not once gone. */
export function useReportUnsaved(unsaved: boolean, report: UnsavedReport): void {
  useEffect(() => {
    report(unsaved);
    return () => report(false);
  }, [report, unsaved]);
}
