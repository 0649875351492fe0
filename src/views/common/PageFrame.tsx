import { Card, H4 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The white panel every page sits in, with its title. */
export function PageFrame({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="page-frame" elevation={0}>
      <div className="page-frame-header">
        {/* Focusable by script only: where the keyboard lands when the page is shown (views/layout/focusPage.ts). */}
        <H4 className="page-frame-title" tabIndex={-1}>
          {title}
        </H4>
        {actions}
      </div>
      {children}
    </Card>
  );
}
