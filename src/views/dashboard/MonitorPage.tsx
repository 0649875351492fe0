import { Button, Callout, Card, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OPEN_FULFILMENTS, type MonitorFact } from '@/contract/monitor';
import { connectionOf, monitorMachine, type MonitorSnapshot } from '@/machines/screens/monitorMachine';
import { PageFrame } from '@/views/common/PageFrame';
import { eventWords } from './eventFeed';
import './workplace.css';

const STATUS_INTENT = {
  connecting: 'none',
  live: 'success',
  reconnecting: 'warning',
  refused: 'danger',
} as const;

/**
 * The real-time monitor: the log as it grows, facts per minute over the last hour, open orders by state and the
 * server's health. The machine keeps the stream and the summary; this only draws them.
 */
export default function MonitorPage() {
  const { t } = useTranslation();
  const actor = useActorRef(monitorMachine);
  const connection = useSelector(actor, connectionOf);
  const summaryError = useSelector(actor, (s) => s.context.summaryError);
  return (
    <PageFrame
      title={t('menu.dashboard.monitor')}
      actions={
        <Tag
          large
          minimal
          intent={STATUS_INTENT[connection]}
          icon={connection === 'live' ? 'pulse' : undefined}
          data-testid="monitor-status"
          data-status={connection}
        >
          {t(`monitor.status.${connection}`)}
        </Tag>
      }
    >
      {summaryError && (
        <Callout intent="warning" icon="warning-sign" className="workplace-stale">
          {t('monitor.summaryFailed')}
        </Callout>
      )}
      <div className="monitor-grid">
        <PerMinuteCard actor={actor} />
        <HealthCard actor={actor} />
        <OpenOrdersCard actor={actor} />
        <FeedCard actor={actor} />
      </div>
    </PageFrame>
  );
}

type Actor = ReturnType<typeof useActorRef<typeof monitorMachine>>;

function PerMinuteCard({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const chart = useSelector(actor, (s: MonitorSnapshot) => s.context.chart);
  const counts = chart?.perMinute ?? [];
  const max = Math.max(1, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const timeOf = (i: number) =>
    chart
      ? new Date((chart.lastMinute - (counts.length - 1 - i)) * 60_000).toLocaleTimeString(i18n.language, {
          hour: '2-digit',
          minute: '2-digit',
        })
      : '';
  return (
    <Card
      className="workplace-card monitor-per-minute"
      elevation={0}
      data-testid="monitor-per-minute"
      data-total={chart ? total : undefined}
    >
      <H5>{t('monitor.perMinute.title')}</H5>
      {/* No count before the summary is read (or while it cannot be): not a "0" that would not be true. */}
      <p className="bp6-text-muted" data-testid="monitor-total">
        {chart ? t('monitor.perMinute.total', { count: total }) : '—'}
      </p>
      <svg
        className="monitor-bars"
        viewBox={`0 0 ${counts.length * 10} 100`}
        preserveAspectRatio="none"
        role="img"
      >
        {counts.map((n, i) => (
          <rect key={i} x={i * 10 + 1} width={8} y={100 - (n / max) * 100} height={(n / max) * 100}>
            <title>{t('monitor.perMinute.bar', { time: timeOf(i), count: n })}</title>
          </rect>
        ))}
      </svg>
      <div className="monitor-axis bp6-text-muted">
        <span>{timeOf(0)}</span>
        <span>{timeOf(counts.length - 1)}</span>
      </div>
    </Card>
  );
}

function HealthCard({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const health = useSelector(actor, (s: MonitorSnapshot) => s.context.summary?.health ?? null);
  const uptime = (s: number) =>
    t('monitor.health.uptimeValue', {
      days: Math.floor(s / 86_400),
      hours: Math.floor((s % 86_400) / 3_600),
      minutes: Math.floor((s % 3_600) / 60),
    });
  return (
    <Card className="workplace-card" elevation={0} data-testid="monitor-health">
      <div className="monitor-card-header">
        <H5>{t('monitor.health.title')}</H5>
        <Button
          icon="refresh"
          variant="minimal"
          size="small"
          aria-label={t('workplace.refresh')}
          title={t('workplace.refresh')}
          onClick={() => actor.send({ type: 'summary.refresh' })}
        />
      </div>
      {health && (
        <HTMLTable compact className="monitor-table">
          <tbody>
            <tr>
              <th>{t('monitor.health.roundTrip')}</th>
              <td>{t('monitor.health.ms', { value: health.round_trip_ms })}</td>
            </tr>
            <tr>
              <th>{t('monitor.health.uptime')}</th>
              <td>{uptime(health.uptime_s)}</td>
            </tr>
            <tr>
              <th>{t('monitor.health.memory')}</th>
              <td>{t('monitor.health.mb', { rss: health.rss_mb, heap: health.heap_used_mb })}</td>
            </tr>
            <tr>
              <th>{t('monitor.health.monitors')}</th>
              <td data-testid="monitor-count">{health.monitors}</td>
            </tr>
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}

function OpenOrdersCard({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s: MonitorSnapshot) => s.context.summary?.open_orders ?? null);
  const max = Math.max(1, ...Object.values(open ?? {}));
  return (
    <Card className="workplace-card" elevation={0} data-testid="monitor-open-orders">
      <H5>{t('monitor.openOrders.title')}</H5>
      {open &&
        OPEN_FULFILMENTS.map((state) => (
          <Link
            key={state}
            to={`/order/server?tab=${state}`}
            className="monitor-state"
            data-count={open[state]}
          >
            <span>{t(`order.fulfilment.${state}`)}</span>
            <span className="monitor-state-bar">
              <span style={{ width: `${((open[state] ?? 0) / max) * 100}%` }} />
            </span>
            <strong>{open[state]}</strong>
          </Link>
        ))}
    </Card>
  );
}

function FeedCard({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const facts = useSelector(actor, (s: MonitorSnapshot) => s.context.facts);
  const who = (f: MonitorFact) =>
    f.actor.name ?? (f.actor.role === 'system' ? t('monitor.feed.apps') : t('workplace.events.someone'));
  return (
    <Card className="workplace-card monitor-feed" elevation={0} data-testid="monitor-feed">
      <H5>{t('monitor.feed.title')}</H5>
      {facts.length === 0 ? (
        <p className="bp6-text-muted">{t('monitor.feed.waiting')}</p>
      ) : (
        <ol className="workplace-event-list">
          {facts.map((f) => {
            const w = eventWords(t, {
              position: 0,
              stream_type: f.stream_type,
              stream_id: f.stream_id,
              type: f.type,
              occurred_at: f.occurred_at,
              actor: { id: null, name: null, email: null },
              title: f.title,
            });
            const name = w.title ?? `#${f.stream_id}`;
            return (
              <li key={f.id} data-testid="monitor-fact" data-id={f.id} data-type={f.type}>
                <strong>{who(f)}</strong>
                <span>
                  {w.kind} {w.href ? <Link to={w.href}>{name}</Link> : name}
                  {' · '}
                  {w.what}
                </span>
                <time dateTime={f.occurred_at}>
                  {new Date(f.occurred_at).toLocaleTimeString(i18n.language)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
