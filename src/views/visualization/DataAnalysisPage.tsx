import { Card, FormGroup, H5, HTMLTable, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MEASURES, type FigureRow } from '@/contract/analysis';
import { recordRoute } from '@/contract/routes';
import { totalsOf, trendOf } from '@/machines/screens/analysisFigures';
import {
  analysisMachine,
  overviewLoad,
  type AnalysisData,
  type Unit,
} from '@/machines/screens/analysisMachine';
import { yuan } from '@/views/common/money';
import { AnalysisFrame, type AnalysisActor } from './AnalysisFrame';
import { EChart, type ChartOption } from './EChart';

const UNITS: Unit[] = ['day', 'week', 'month'];
/** A pie shows this many projects, the rest as one slice. */
const PIE_SLICES = 8;
const toYuan = (fen: number) => Math.round(fen) / 100;
const overview = analysisMachine.provide({ actors: { load: overviewLoad } });

/**
 * /visualization/data-analysis (admin): a range's totals, its trend by day, week or month, money paid by city and
 * by project, and the suppliers serving the most. The analysis machine loads the figures; this draws them.
 */
export default function DataAnalysisPage() {
  const { t } = useTranslation();
  const actor = useActorRef(overview);
  const unit = useSelector(actor, (s) => s.context.settings.unit);
  return (
    <AnalysisFrame
      actor={actor}
      title={t('menu.visualization.dataAnalysis')}
      controls={
        <FormGroup label={t('analysis.trend.period')}>
          <SegmentedControl
            options={UNITS.map((u) => ({ label: t(`analysis.dimension.${u}`), value: u }))}
            value={unit}
            onValueChange={(value) => actor.send({ type: 'analysis.set', settings: { unit: value as Unit } })}
            data-testid="analysis-unit"
          />
        </FormGroup>
      }
    >
      <Overview actor={actor} />
    </AnalysisFrame>
  );
}

function Overview({ actor }: { actor: AnalysisActor }) {
  const { t } = useTranslation();
  const data = useSelector(actor, (s) => s.context.data)!;
  const totals = totalsOf(data.cities ?? []);
  if (totals.orders === 0 && totals.paid_fen === 0 && totals.refunded_fen === 0) {
    return <NonIdealState icon="chart" title={t('analysis.empty')} />;
  }
  return (
    <div className="analysis-grid">
      <Card className="analysis-card analysis-wide" elevation={0}>
        <H5>{t('analysis.totals.title')}</H5>
        <div className="analysis-totals" data-testid="analysis-totals">
          {MEASURES.map((m) => (
            <div key={m} className="analysis-total" data-measure={m}>
              <span className="bp6-text-muted">{t(`analysis.measure.${m}`)}</span>
              <strong>{m === 'orders' ? totals[m].toLocaleString() : yuan(totals[m])}</strong>
            </div>
          ))}
        </div>
      </Card>
      <Card className="analysis-card analysis-wide" elevation={0}>
        <H5>{t('analysis.trend.title')}</H5>
        <TrendChart data={data} />
      </Card>
      <Card className="analysis-card" elevation={0}>
        <H5>{t('analysis.cities.title')}</H5>
        <CitiesChart rows={data.cities ?? []} />
      </Card>
      <Card className="analysis-card" elevation={0}>
        <H5>{t('analysis.projects.title')}</H5>
        <ProjectsChart rows={data.projects ?? []} />
      </Card>
      <Card className="analysis-card analysis-wide" elevation={0}>
        <H5>{t('analysis.suppliers.title')}</H5>
        <p className="kit-muted" data-testid="analysis-suppliers-note">
          {t('analysis.suppliers.note')}
        </p>
        <SuppliersTable data={data} />
      </Card>
    </div>
  );
}

function TrendChart({ data }: { data: AnalysisData }) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => {
    const trend = trendOf(data);
    const money = (['paid_fen', 'commission_fen', 'refunded_fen'] as const).map((m) => ({
      type: 'line' as const,
      name: t(`analysis.measure.${m}`),
      yAxisIndex: 0,
      smooth: false,
      showSymbol: trend.length <= 31,
      data: trend.map((p) => toYuan(p[m])),
    }));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: trend.map((p) => p.period) },
      yAxis: [
        { type: 'value', name: t('analysis.axis.money') },
        { type: 'value', name: t('analysis.axis.orders'), minInterval: 1 },
      ],
      series: [
        {
          type: 'bar',
          name: t('analysis.measure.orders'),
          yAxisIndex: 1,
          itemStyle: { opacity: 0.45 },
          data: trend.map((p) => p.orders),
        },
        ...money,
      ],
    };
  }, [data, t]);
  return <EChart option={option} label={t('analysis.trend.title')} testId="analysis-trend" />;
}

function CitiesChart({ rows }: { rows: FigureRow[] }) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => {
    const shown = [...rows].reverse(); // largest at the top
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 96, right: 24, top: 8, bottom: 24 },
      xAxis: { type: 'value', name: t('analysis.axis.money'), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'category', data: shown.map((r) => r.city ?? '') },
      series: [
        { type: 'bar', name: t('analysis.measure.paid_fen'), data: shown.map((r) => toYuan(r.paid_fen)) },
      ],
    };
  }, [rows, t]);
  return <EChart option={option} height={280} label={t('analysis.cities.title')} testId="analysis-cities" />;
}

function ProjectsChart({ rows }: { rows: FigureRow[] }) {
  const { t } = useTranslation();
  const option = useMemo((): ChartOption => {
    const paid = rows.filter((r) => r.paid_fen > 0);
    const slices = paid
      .slice(0, PIE_SLICES)
      .map((r) => ({ name: r.project_name ?? '', value: toYuan(r.paid_fen) }));
    const rest = paid.slice(PIE_SLICES).reduce((sum, r) => sum + r.paid_fen, 0);
    if (rest > 0) slices.push({ name: t('analysis.others'), value: toYuan(rest) });
    return {
      tooltip: { trigger: 'item', valueFormatter: (v) => yuan(Math.round(Number(v) * 100)) },
      series: [{ type: 'pie', name: t('analysis.measure.paid_fen'), radius: ['40%', '70%'], data: slices }],
    };
  }, [rows, t]);
  return (
    <EChart option={option} height={280} label={t('analysis.projects.title')} testId="analysis-projects" />
  );
}

function SuppliersTable({ data }: { data: AnalysisData }) {
  const { t } = useTranslation();
  const detail = recordRoute('supplier');
  return (
    <HTMLTable compact striped className="analysis-table" data-testid="analysis-suppliers">
      <thead>
        <tr>
          <th>{t('analysis.suppliers.rank')}</th>
          <th>{t('analysis.suppliers.name')}</th>
          <th className="analysis-number">{t('analysis.suppliers.orders')}</th>
          <th className="analysis-number">{t('analysis.suppliers.paid')}</th>
          <th className="analysis-number">{t('analysis.suppliers.commission')}</th>
        </tr>
      </thead>
      <tbody>
        {(data.suppliers ?? []).map((s, i) => (
          <tr key={s.supplier_id}>
            <td>{i + 1}</td>
            <td>
              {detail ? <Link to={`${detail}?id=${s.supplier_id}`}>{s.supplier_name}</Link> : s.supplier_name}
            </td>
            <td className="analysis-number">{s.orders.toLocaleString()}</td>
            <td className="analysis-number">{yuan(s.paid_fen)}</td>
            <td className="analysis-number">{yuan(s.commission_fen)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
