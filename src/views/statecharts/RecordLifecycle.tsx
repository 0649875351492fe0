import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { activeStateIds, chartOf } from './chart';
import { LifecyclePanel, type LifecycleAction } from './LifecyclePanel';

/**
 * A record's lifecycle panel from its machine and its state value (loaded only when a detail page opens it:
 * src/views/kit/detailScreen.tsx imports this file lazily).
 */
export default function RecordLifecycle({
  machine,
  value,
  actions,
}: {
  machine: AnyStateMachine;
  value: unknown;
  actions: readonly LifecycleAction[];
}) {
  const chart = useMemo(() => chartOf(machine), [machine]);
  const active = useMemo(() => activeStateIds(chart, value), [chart, value]);
  return <LifecyclePanel machine={chart} activeStateIds={active} actions={actions} defaultIsOpen />;
}
