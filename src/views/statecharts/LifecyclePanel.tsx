/**
 * A record's lifecycle on its detail page: the statechart with the record's active states highlighted, what can
 * be done now, and why the rest cannot. Mermaid is loaded only when the panel is opened.
 *
 *   <LifecyclePanel
 *     machine={supplierMachine}                        // any XState machine, or a generated Chart
 *     activeStateIds={activeStateIds(chartOf(supplierMachine), snapshot.value)}
 *     actions={[
 *       { label: t('supply.action.approve'), allowed: snapshot.can({ type: 'supplier.approve' }) },
 *       { label: t('supply.action.show'), allowed: false, reasonText: t('supply.reason.notEnabled') },
 *     ]}
 *   />
 *
 * Open/closed is uncontrolled (`defaultIsOpen`, closed by default) or controlled (`isOpen` + `onToggle`), like
 * Blueprint's collapsible Section it is built on.
 */
import { Icon, Intent, Section, SectionCard, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { chartOf, chartStates, type Chart } from './chart';
import { StatechartDiagram } from './StatechartDiagram';
import { useStatechartText } from './text';
import './statecharts.css';

export interface LifecycleAction {
  /** What staff see, e.g. the button's text ("Approve"). */
  label: string;
  /** Whether the action is possible now (e.g. `snapshot.can(event)` for the role). */
  allowed: boolean;
  /** Why it is not possible now; shown for refused actions. */
  reasonText?: string;
}

export interface LifecyclePanelProps {
  /** The lifecycle: an XState machine, or a chart from the generated catalog. */
  machine: AnyStateMachine | Chart;
  /** XState ids of the record's active states (e.g. `supplier.audit.waitingAudit`); see `activeStateIds`. */
  activeStateIds: readonly string[];
  actions: readonly LifecycleAction[];
  /** Header text; default "Lifecycle". */
  title?: string;
  defaultIsOpen?: boolean;
  isOpen?: boolean;
  onToggle?: () => void;
  className?: string;
}

const isMachine = (m: AnyStateMachine | Chart): m is AnyStateMachine =>
  typeof (m as AnyStateMachine).transition === 'function';

export function LifecyclePanel({
  machine,
  activeStateIds,
  actions,
  title,
  defaultIsOpen = false,
  isOpen,
  onToggle,
  className,
}: LifecyclePanelProps) {
  const { t, stateLabel } = useStatechartText();
  const chart = useMemo(() => (isMachine(machine) ? chartOf(machine) : machine), [machine]);
  // The deepest active states say where the record is ("waiting audit · enabled").
  const current = useMemo(() => {
    const active = new Set(activeStateIds);
    const label = stateLabel(chart);
    return chartStates(chart)
      .filter((s) => active.has(s.id) && !s.children.some((c) => active.has(c.id)))
      .map(label);
  }, [chart, activeStateIds, stateLabel]);
  const open = actions.filter((a) => a.allowed);
  const refused = actions.filter((a) => !a.allowed);

  return (
    <Section
      className={['lifecycle-panel', className].filter(Boolean).join(' ')}
      title={title ?? t('statecharts.panel.title')}
      compact
      collapsible
      collapseProps={{ defaultIsOpen, isOpen, onToggle }}
      data-testid="lifecycle-panel"
    >
      <SectionCard>
        <div className="lifecycle-current" data-testid="lifecycle-current">
          <span className="lifecycle-heading">{t('statecharts.panel.current')}</span>
          {current.map((label) => (
            <Tag key={label} intent={Intent.PRIMARY} minimal>
              {label}
            </Tag>
          ))}
        </div>
        <div className="lifecycle-lists">
          <div data-testid="lifecycle-open">
            <div className="lifecycle-heading">{t('statecharts.panel.open')}</div>
            {open.length ? (
              <ul>
                {open.map((a, i) => (
                  <li key={i}>
                    <Icon icon="tick-circle" intent={Intent.SUCCESS} size={14} /> {a.label}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="lifecycle-none">{t('statecharts.panel.noneOpen')}</p>
            )}
          </div>
          {refused.length > 0 && (
            <div data-testid="lifecycle-refused">
              <div className="lifecycle-heading">{t('statecharts.panel.refused')}</div>
              <ul>
                {refused.map((a, i) => (
                  <li key={i}>
                    <Icon icon="disable" intent={Intent.DANGER} size={14} /> {a.label}
                    {a.reasonText && <span className="lifecycle-reason"> — {a.reasonText}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </SectionCard>
      <SectionCard>
        <StatechartDiagram chart={chart} active={activeStateIds} />
      </SectionCard>
    </Section>
  );
}
