import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * A toolbar that slides instead of wrapping (SPEC §9): the groups that fit on the first line show; the rest are
 * marked `data-overflow` and hidden until the "more" button opens the drawer, where they slide in below. Which
 * groups overflow is measured with every group shown, whenever the toolbar's size changes (the measure leaves
 * it as it was, so it does not report itself).
 */
export function useSlidingToolbar() {
  const toolbarRef = useRef<HTMLDivElement | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const toolbar = toolbarRef.current;
    if (!toolbar) return;
    const measure = () => {
      const groups = [...toolbar.querySelectorAll<HTMLElement>(':scope > .ql-formats')];
      for (const group of groups) group.removeAttribute('data-overflow');
      const firstTop = groups[0]?.offsetTop ?? 0;
      let overflowing = 0;
      for (const group of groups) {
        if (group.offsetTop > firstTop) {
          group.setAttribute('data-overflow', '');
          overflowing += 1;
        }
      }
      setHasMore(overflowing > 0);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // Its first report comes after Quill has drawn the pickers, which changes the groups' widths.
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, []);

  // Opened, the drawer's first control takes the focus: the "more" button comes last in the Tab order.
  const toggle = useCallback(() => {
    setOpen((was) => {
      if (!was) {
        setTimeout(() =>
          toolbarRef.current
            ?.querySelector<HTMLElement>(
              '.ql-formats[data-overflow] button, .ql-formats[data-overflow] .ql-picker-label',
            )
            ?.focus(),
        );
      }
      return !was;
    });
  }, []);
  return { toolbarRef, hasMore, open: open && hasMore, toggle };
}
