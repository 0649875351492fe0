import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useDarkBody } from '@/views/statecharts/useDarkBody';
import { themedOption } from './chartColors';

// Only the parts these pages draw (tree-shaken through echarts/core); imported by the analysis pages alone, so
// the charting code is in their chunks and no other route loads it.
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/**
 * One chart, drawn in the console's theme (ECharts' dark theme when the console is dark, the series in
 * `SERIES_COLORS`) and redrawn when its
 * option, the theme or its width changes. `label` names it for screen readers.
 */
export function EChart({
  option,
  height = 320,
  label,
  testId,
}: {
  option: ChartOption;
  height?: number;
  label: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkBody();
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = box.current!;
    const instance = init(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption(themedOption(option, dark), { notMerge: true });
  }, [option, dark]);

  return <div ref={box} style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}
