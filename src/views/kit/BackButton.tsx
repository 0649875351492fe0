import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** The way from a record's page back to its list, drawn the same on every page. */
export function BackButton({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button variant="minimal" icon="chevron-left" onClick={() => navigate(to)}>
      {children}
    </Button>
  );
}
