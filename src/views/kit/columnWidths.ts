import { useLayoutEffect, useState } from 'react';

/**
 * Column widths that fill `available` pixels when together they are narrower, each widened in proportion (whole
 * pixels, the last taking what rounding leaves); as declared when they are as wide or wider (the table scrolls).
 * `fixed` leading columns (a selection checkbox) keep their width.
 */
export function fillWidths(widths: readonly number[], available: number, fixed = 0): number[] {
  const sum = (list: readonly number[]) => list.reduce((total, w) => total + w, 0);
  const kept = widths.slice(0, fixed);
  const stretched = widths.slice(fixed);
  const room = available - sum(kept);
  if (stretched.length === 0 || room <= sum(stretched)) return [...widths];
  const out = stretched.map((w) => Math.floor((w * room) / sum(stretched)));
  out[out.length - 1]! += room - sum(out);
  return [...kept, ...out];
}

/**
 * The inner width of the element given to `setBox` (a callback ref), following resizes; 0 before it is laid out.
 * Read before the browser paints, so a table widened to fill it is drawn once.
 */
export function useBoxWidth(): [number, (element: HTMLElement | null) => void] {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!box) return;
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  return [width, setBox];
}

let measuredScrollbar: number | undefined;
/** The width a vertical scrollbar takes in this browser (0 where scrollbars overlay the content). */
export function scrollbarWidth(): number {
  if (measuredScrollbar === undefined) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
    document.body.appendChild(probe);
    measuredScrollbar = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return measuredScrollbar;
}
