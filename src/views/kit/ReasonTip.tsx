import { Classes, Tooltip, mergeRefs } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Allowed } from '@/machines/lifecycles/lifecycle';

/**
 * A control as is when its command is allowed; else with the reason it is refused as a tooltip. The tooltip is
 * made on the first hover: a page of rows holds dozens of refused buttons, and Blueprint's tooltip sets up a
 * popover (positioning, portal, listeners) for each it is given, which was a large part of a list's first render.
 * Until then the control sits in the same wrapper the tooltip draws, so nothing moves when it comes. A refused
 * control is disabled, out of the tab order, so a hover is the only way to ask.
 */
export function ReasonTip({ verdict, children }: { verdict: Allowed; children: ReactElement }) {
  const [hovered, setHovered] = useState(false);
  // One callback for the whole hover: the open tooltip's pointer listener is set up once, not on every render.
  const away = useCallback(() => setHovered(false), []);
  // Allowed again, it forgets the hover: refused anew, it waits for the next one rather than open by itself.
  if (verdict.ok && hovered) setHovered(false);
  if (verdict.ok) return children;
  if (!hovered) {
    // A pointer that left before the tooltip was made leaves none behind.
    return (
      <span className={Classes.POPOVER_TARGET} onMouseEnter={() => setHovered(true)} onMouseLeave={away}>
        {children}
      </span>
    );
  }
  return (
    <Reason verdict={verdict} onAway={away}>
      {children}
    </Reason>
  );
}

/**
 * The tooltip, made under the pointer and open until the pointer moves off the control (or, on a touch screen, a tap
 * elsewhere or a scroll). Its closing is ours, not
 * the tooltip's own hover tracking: the wrapper it draws replaced the one under the pointer, and a browser only
 * counts the pointer as over the new one after it moves, so a pointer that leaves at once would never "leave" it
 * and the tooltip would stay open.
 */
function Reason({
  verdict,
  onAway,
  children,
}: {
  verdict: Extract<Allowed, { ok: false }>;
  onAway: () => void;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // A touch screen sends no move: a tap elsewhere (another refused button too) or a scroll closes it there.
    const elsewhere = (event: PointerEvent) => {
      if (!(event.target instanceof Node && target.current?.contains(event.target))) onAway();
    };
    document.addEventListener('pointermove', elsewhere);
    document.addEventListener('pointerdown', elsewhere);
    document.addEventListener('scroll', onAway, { capture: true, passive: true });
    return () => {
      document.removeEventListener('pointermove', elsewhere);
      document.removeEventListener('pointerdown', elsewhere);
      document.removeEventListener('scroll', onAway, { capture: true });
    };
  }, [onAway]);
  return (
    <Tooltip
      content={t(verdict.reasonKey, verdict.values)}
      isOpen
      renderTarget={({ isOpen: _isOpen, ref, ...props }) => (
        <span {...props} ref={mergeRefs(ref, target)}>
          {children}
        </span>
      )}
    />
  );
}
