import { Button, Callout, Intent, SpinnerSize } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useEffect, useMemo, useState } from 'react';
import { toMermaid, type Chart } from './chart';
import { renderMermaid } from './mermaid';
import { useStatechartText } from './text';
import { useDarkBody } from './useDarkBody';

interface Drawn {
  text: string;
  dark: boolean;
  svg?: string;
  error?: string;
}

/**
 * One chart drawn by Mermaid (loaded on first use) in the reader's language and theme, active states
 * highlighted. `data-state` is `drawing`, `drawn` or `failed` for the current language, theme and states.
 * Shrunk to the width available by default (the whole machine at a glance); one click shows it at actual size.
 */
export function StatechartDiagram({ chart, active }: { chart: Chart; active?: readonly string[] }) {
  const [fit, setFit] = useState(true);
  const { t, machineName, stateLabel, anyStateLabel } = useStatechartText();
  const dark = useDarkBody();
  const text = useMemo(
    () => toMermaid(chart, { stateLabel: stateLabel(chart), anyStateLabel, active }),
    [chart, stateLabel, anyStateLabel, active],
  );
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let live = true;
    renderMermaid(text, dark).then(
      (svg) => live && setDrawn({ text, dark, svg }),
      (e: unknown) => live && setDrawn({ text, dark, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [text, dark]);

  const current = drawn && drawn.text === text && drawn.dark === dark ? drawn : null;
  const state = !current ? 'drawing' : current.svg !== undefined ? 'drawn' : 'failed';
  return (
    <div
      className={`statechart-diagram${fit ? ' statechart-fit' : ''}`}
      data-state={state}
      data-chart={chart.id}
    >
      {current?.error !== undefined && (
        <Callout intent={Intent.DANGER} icon="error">
          {t('statecharts.diagram.failed', { message: current.error })}
        </Callout>
      )}
      {!current && !drawn?.svg && (
        <div className="statechart-drawing">
          <Spinner size={SpinnerSize.SMALL} />
          <span>{t('statecharts.diagram.drawing')}</span>
        </div>
      )}
      {drawn?.svg !== undefined && (
        <Button
          className="statechart-zoom"
          size="small"
          variant="minimal"
          icon={fit ? 'fullscreen' : 'minimize'}
          text={t(fit ? 'statecharts.diagram.actualSize' : 'statecharts.diagram.fitWidth')}
          onClick={() => setFit(!fit)}
        />
      )}
      {drawn?.svg !== undefined && (
        <div
          className="statechart-svg"
          role="img"
          aria-label={t('statecharts.diagram.label', { name: machineName(chart.id) })}
          // Mermaid's own output (securityLevel "strict" sanitises every label), from our generated text.
          dangerouslySetInnerHTML={{ __html: drawn.svg }}
        />
      )}
    </div>
  );
}
