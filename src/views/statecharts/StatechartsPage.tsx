/**
 * /statecharts (admin only, not in the menu): every machine of the console and the API, with the description and
 * invariants from its source comment and its statechart, drawn in the reader's language and theme. Everything
 * comes from catalog.generated.ts (scripts/statecharts.ts); Mermaid loads with this page only.
 */
import { Button, Callout, Card, H5 } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useMemo, useState } from 'react';
import { PageFrame } from '@/views/common/PageFrame';
import { initialStateIds, type Chart } from './chart';
import { DocText } from './DocText';
import { LifecyclePanel, type LifecycleAction } from './LifecyclePanel';
import { StatechartDiagram } from './StatechartDiagram';
import { statecharts } from './catalog.generated';
import { useStatechartText, type StatechartText } from './text';
import type { StatechartEntry } from './types';
import './statecharts.css';

export default function StatechartsPage() {
  const text = useStatechartText();
  const { t, machineName } = text;
  return (
    <PageFrame title={t('statecharts.title')}>
      <div className="statecharts-page">
        <Callout icon="info-sign">
          <p>{t('statecharts.intro')}</p>
          {t('statecharts.legend')}
        </Callout>
        <nav className="statecharts-toc" aria-label={t('statecharts.jumpTo')}>
          <span className="lifecycle-heading">{t('statecharts.jumpTo')}</span>
          {statecharts.map((entry) => (
            <Button
              key={entry.id}
              size="small"
              variant="minimal"
              text={machineName(entry.id)}
              onClick={() => document.getElementById(`statechart-${entry.id}`)?.scrollIntoView()}
            />
          ))}
        </nav>
        <PanelPreview text={text} />
        {statecharts.map((entry) => (
          <MachineCard key={entry.id} entry={entry} text={text} />
        ))}
      </div>
    </PageFrame>
  );
}

function MachineCard({ entry, text: { t, machineName } }: { entry: StatechartEntry; text: StatechartText }) {
  return (
    <Card id={`statechart-${entry.id}`} className="statechart-entry" data-testid={`statechart-${entry.id}`}>
      <div className="statechart-entry-header">
        <H5>
          {machineName(entry.id)} <code>{entry.id}</code>
        </H5>
        <span className="statechart-source">{t('statecharts.source', { file: entry.file })}</span>
      </div>
      <div className="statechart-docs">
        <div>
          <div className="lifecycle-heading">{t('statecharts.description')}</div>
          <DocText lines={entry.description} />
        </div>
        <div>
          <div className="lifecycle-heading">{t('statecharts.invariants')}</div>
          {entry.invariants.length ? (
            <DocText lines={entry.invariants} />
          ) : (
            <p>{t('statecharts.noInvariants')}</p>
          )}
        </div>
      </div>
      <div className="statechart-doc-caption">{t('statecharts.fromSource')}</div>
      <StatechartDiagram chart={entry.chart} />
    </Card>
  );
}

/**
 * What a detail page's panel shows, from the chart alone (no machine runs here): the initial states, each event
 * possible there when no guard stands in its way, and for the others the guard or the states they need.
 */
export function previewActions(
  chart: Chart,
  active: readonly string[],
  text: StatechartText,
): LifecycleAction[] {
  const { t, stateLabel } = text;
  const label = stateLabel(chart);
  const states = new Map<string, string>();
  const visit = (s: Chart['root']) => {
    states.set(s.id, label(s));
    s.children.forEach(visit);
  };
  visit(chart.root);
  const isActive = new Set(active);
  const events = [...new Set(chart.transitions.filter((tr) => !tr.eventless).map((tr) => tr.event))];
  return events
    .filter((event) => !event.startsWith('xstate.'))
    .map((event) => {
      const candidates = chart.transitions.filter((tr) => tr.event === event);
      const here = candidates.filter((tr) => isActive.has(tr.source));
      if (here.some((tr) => !tr.guard)) return { label: event, allowed: true };
      if (here.length) {
        const guard = here.map((tr) => tr.guard).join(' / ');
        return { label: event, allowed: false, reasonText: t('statecharts.preview.needsGuard', { guard }) };
      }
      const from = [...new Set(candidates.map((tr) => states.get(tr.source) ?? tr.source))].join(', ');
      return {
        label: event,
        allowed: false,
        reasonText: t('statecharts.preview.notInState', { states: from }),
      };
    });
}

function PanelPreview({ text }: { text: StatechartText }) {
  const { t, machineName } = text;
  const [id, setId] = useState(statecharts[0]?.id ?? '');
  const entry = statecharts.find((e) => e.id === id);
  const active = useMemo(() => (entry ? initialStateIds(entry.chart) : []), [entry]);
  const actions = useMemo(
    () => (entry ? previewActions(entry.chart, active, text) : []),
    [entry, active, text],
  );
  if (!entry) return null;
  return (
    <Card className="statecharts-preview" data-testid="statecharts-preview">
      <H5>{t('statecharts.preview.title')}</H5>
      <p>{t('statecharts.preview.hint')}</p>
      <div className="statecharts-preview-toolbar">
        <label htmlFor="statecharts-preview-machine">{t('statecharts.preview.machine')}</label>
        <Select
          id="statecharts-preview-machine"
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          options={statecharts.map((e) => ({ value: e.id, label: machineName(e.id) }))}
        />
      </div>
      <LifecyclePanel key={entry.id} machine={entry.chart} activeStateIds={active} actions={actions} />
    </Card>
  );
}
