import { Classes, Tooltip } from '@blueprintjs/core';
import { useState, type ReactElement } from 'react';
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
  // Allowed again, it forgets the hover: refused anew, it waits for the next one rather than open by itself.
  if (verdict.ok && hovered) setHovered(false);
  if (verdict.ok) return children;
  if (!hovered) {
    // A pointer that left before the tooltip was made leaves none behind.
    return (
      <span
        className={Classes.POPOVER_TARGET}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {children}
      </span>
    );
  }
  return <Reason verdict={verdict}>{children}</Reason>;
}

function Reason({ verdict, children }: { verdict: Extract<Allowed, { ok: false }>; children: ReactElement }) {
  const { t } = useTranslation();
  // Made under the pointer: open at once, and from then on a tooltip like any other.
  return (
    <Tooltip content={t(verdict.reasonKey, verdict.values)} defaultIsOpen>
      {children}
    </Tooltip>
  );
}
