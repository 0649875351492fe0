import { Button, Card, FormGroup, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { Select } from '@/views/kit/Select';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DIMENSIONS, MEASURES, pairsWith, type Dimension, type Measure } from '@/contract/analysis';
import { pivotCsv, pivotOf, type Pivot } from '@/machines/screens/analysisFigures';
import { analysisMachine, pivotLoad, type AnalysisSettings } from '@/machines/screens/analysisMachine';
import { yuan } from '@/views/common/money';
import { AnalysisFrame, type AnalysisActor } from './AnalysisFrame';
import { EChart, type ChartOption } from './EChart';

const pivotMachine = analysisMachine.provide({ actors: { load: pivotLoad } });
const NO_COLUMNS = '';

/**
 * /visualization/multi-dimension-data-analysis (admin): one measure of a range as a pivot of the chosen rows and
 * columns (city, project, day, week or month), drawn as stacked bars and as a table with totals, downloadable as
 * CSV. The analysis machine loads the figures; this draws them.
 */
export default function MultiDimensionDataAnalysisPage() {
  const { t } = useTranslation();
  const actor = useActorRef(pivotMachine);
  const settings = useSelector(actor, (s) => s.context.settings);
  const set = (change: Partial<AnalysisSettings>) => actor.send({ type: 'analysis.set', settings: change });
  return (
    <AnalysisFrame
      actor={actor}
      title={t('menu.visualization.multiDimensionDataAnalysis')}
      controls={
        <>
          <FormGroup label={t('analysis.pivot.rows')} labelFor="pivot-rows">
            <Select
              id="pivot-rows"
              value={settings.rows}
              onChange={(e) => set({ rows: e.target.value as Dimension })}
              options={DIMENSIONS.map((d) => ({ value: d, label: t(`analysis.dimension.${d}`) }))}
            />
          </FormGroup>
          <FormGroup label={t('analysis.pivot.columns')} labelFor="pivot-columns">
            <Select
              id="pivot-columns"
              value={settings.columns ?? NO_COLUMNS}
              onChange={(e) =>
                set({ columns: e.target.value === NO_COLUMNS ? null : (e.target.value as Dimension) })
              }
              options={[
                { value: NO_COLUMNS, label: t('analysis.pivot.none') },
                ...pairsWith(settings.rows).map((d) => ({ value: d, label: t(`analysis.dimension.${d}`) })),
              ]}
            />
          </FormGroup>
          <FormGroup label={t('analysis.pivot.measure')} labelFor="pivot-measure">
            <Select
              id="pivot-measure"
              value={settings.measure}
              onChange={(e) => set({ measure: e.target.value as Measure })}
              options={MEASURES.map((m) => ({ value: m, label: t(`analysis.measure.${m}`) }))}
            />
          </FormGroup>
        </>
      }
    >
      <PivotView actor={actor} />
    </AnalysisFrame>
  );
}

function PivotView({ actor }: { actor: AnalysisActor }) {
  const { t } = useTranslation();
  const data = useSelector(actor, (s) => s.context.data)!;
  const measure = useSelector(actor, (s) => s.context.settings.measure);
  const pivot = useMemo(() => pivotOf(data, measure), [data, measure]);
  const format = (value: number) => (measure === 'orders' ? value.toLocaleString() : yuan(value));
  if ((data.pivot ?? []).length === 0) return <NonIdealState icon="th" title={t('analysis.empty')} />;

  const download = () => {
    const csv = pivotCsv(
      pivot,
      { rows: t(`analysis.dimension.${data.settings.rows}`), total: t('analysis.pivot.total') },
      (value) => (measure === 'orders' ? String(value) : (value / 100).toFixed(2)),
    );
    // A byte-order mark, so spreadsheets read the Chinese names as UTF-8.
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `analysis-${measure}-${data.settings.from}-${data.settings.to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="analysis-grid">
      <Card className="analysis-card analysis-wide" elevation={0}>
        <PivotChart
          pivot={pivot}
          measure={measure}
          rowsLabel={t(`analysis.dimension.${data.settings.rows}`)}
        />
      </Card>
      <Card className="analysis-card analysis-wide" elevation={0}>
        <div className="analysis-table-actions">
          <Button icon="download" onClick={download} data-testid="pivot-download">
            {t('analysis.pivot.download')}
          </Button>
        </div>
        <div className="analysis-table-scroll">
          <HTMLTable compact striped className="analysis-table" data-testid="pivot-table">
            <thead>
              <tr>
                <th>{t(`analysis.dimension.${data.settings.rows}`)}</th>
                {pivot.columns.map((c) => (
                  <th key={c.key} className="analysis-number">
                    {c.label}
                  </th>
                ))}
                <th className="analysis-number">{t('analysis.pivot.total')}</th>
              </tr>
            </thead>
            <tbody>
              {pivot.rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.label}</td>
                  {pivot.columns.map((c) => (
                    <td key={c.key} className="analysis-number">
                      {format(pivot.cell(r.key, c.key))}
                    </td>
                  ))}
                  <td className="analysis-number">
                    <strong>{format(r.total)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th>{t('analysis.pivot.total')}</th>
                {pivot.columns.map((c) => (
                  <th key={c.key} className="analysis-number">
                    {format(c.total)}
                  </th>
                ))}
                <th className="analysis-number" data-testid="pivot-total">
                  {format(pivot.total)}
                </th>
              </tr>
            </tfoot>
          </HTMLTable>
        </div>
      </Card>
    </div>
  );
}

function PivotChart({ pivot, measure, rowsLabel }: { pivot: Pivot; measure: Measure; rowsLabel: string }) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => {
    const value = (v: number) => (measure === 'orders' ? v : Math.round(v) / 100);
    const series = pivot.columns.length
      ? pivot.columns.map((c) => ({
          type: 'bar' as const,
          name: c.label,
          stack: 'all',
          data: pivot.rows.map((r) => value(pivot.cell(r.key, c.key))),
        }))
      : [
          {
            type: 'bar' as const,
            name: t(`analysis.measure.${measure}`),
            data: pivot.rows.map((r) => value(r.total)),
          },
        ];
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 64, right: 24, top: 40, bottom: 56 },
      xAxis: {
        type: 'category',
        data: pivot.rows.map((r) => r.label),
        axisLabel: { rotate: pivot.rows.length > 12 ? 40 : 0 },
      },
      yAxis: {
        type: 'value',
        name: measure === 'orders' ? t('analysis.axis.orders') : t('analysis.axis.money'),
      },
      series,
    };
  }, [pivot, measure, t]);
  return (
    <EChart
      option={option}
      height={360}
      label={t('analysis.pivot.chartLabel', { measure: t(`analysis.measure.${measure}`), rows: rowsLabel })}
      testId="pivot-chart"
    />
  );
}
