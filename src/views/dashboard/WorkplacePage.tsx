import { Button, Callout, Card, H3, H5, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import { Spinner } from '@/views/kit/Spinner';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayRole } from '@/contract/policy';
import { selectUser } from '@/machines/app/sessionMachine';
import {
  selectFigures,
  selectWork,
  workplaceMachine,
  type WorkplaceSnapshot,
} from '@/machines/screens/workplaceMachine';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { LoadFailedState } from '@/views/kit/ErrorCallout';
import { errorMessage } from '@/views/common/errorText';
import { yuan } from '@/views/common/money';
import { eventWords, timeAgo } from './eventFeed';
import './workplace.css';
import { atMinute, onDay } from '@/views/common/when';

/** Where staff go most, each shown to those who may read it. */
const SHORTCUTS = [
  { label: 'menu.supply.list', to: '/supply/list', action: 'supplier.read', icon: 'shop' },
  { label: 'menu.order.server', to: '/order/server', action: 'order.read', icon: 'shopping-cart' },
  { label: 'menu.order.refund', to: '/order/refund', action: 'refund.read', icon: 'undo' },
  { label: 'menu.account.list', to: '/account/list', action: 'customer.read', icon: 'people' },
  { label: 'menu.notice.list', to: '/notice/list', action: 'notice.read', icon: 'notifications' },
  { label: 'menu.feedback.list', to: '/feedback/feedbacklist', action: 'feedback.read', icon: 'chat' },
  { label: 'menu.project.list', to: '/project/list', action: 'project.read', icon: 'projects' },
  { label: 'menu.system.setting', to: '/system/setting', action: 'settings.read', icon: 'cog' },
] as const;

const isMoney = (key: string) => key !== 'orders';

/**
 * The landing page: the work waiting for the member (each count opens its list, filtered), today's orders and
 * money beside yesterday's and last week's, what staff did lately, shortcuts and help. The machine loads it and
 * keeps it fresh; this only draws it.
 */
export default function WorkplacePage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const user = useSelector(session, selectUser);
  const role = user?.role ?? '';
  const actor = useActorRef(workplaceMachine);
  const state = useSelector(actor, (s) => s.value as string);
  const error = useSelector(actor, (s) => s.context.error);
  const hasData = useSelector(actor, (s) => s.context.data !== null);

  return (
    <PageFrame
      title={t('menu.dashboard.workplace')}
      actions={
        <Button
          icon="refresh"
          variant="minimal"
          loading={state === 'refreshing' || state === 'loading'}
          onClick={() => actor.send({ type: 'workplace.refresh' })}
          disabled={!hasData}
          data-testid="workplace-refresh"
        >
          {t('workplace.refresh')}
        </Button>
      }
    >
      <div className="workplace-welcome">
        <H3 data-testid="workplace-welcome">
          {t('workplace.welcome', { name: user?.name ?? user?.email ?? '' })}
        </H3>
        <Tag intent={role === 'admin' ? 'primary' : 'none'} data-testid="workplace-role" data-role={role}>
          {role ? t(`role.${role}`) : '—'}
        </Tag>
      </div>
      {state === 'loading' && <Spinner className="workplace-spinner" />}
      {state === 'failed' && (
        <LoadFailedState
          error={error}
          title={t('workplace.loadFailed')}
          onRetry={() => actor.send({ type: 'workplace.retry' })}
        />
      )}
      {hasData && error && (
        <Callout
          intent="warning"
          icon="warning-sign"
          className="workplace-stale"
          title={t('workplace.stale')}
          data-testid="workplace-stale"
        >
          {errorMessage(t, error)}
        </Callout>
      )}
      {hasData && (
        <div className="workplace-grid">
          <WorkCard actor={actor} />
          <div className="workplace-side">
            <Card className="workplace-card" elevation={0}>
              <H5>{t('workplace.shortcuts.title')}</H5>
              <div className="workplace-shortcuts">
                {SHORTCUTS.filter((s) => mayRole(role, s.action)).map((s) => (
                  <Link key={s.to} to={s.to} className="workplace-shortcut">
                    <Icon icon={s.icon} />
                    <span>{t(s.label)}</span>
                  </Link>
                ))}
              </div>
            </Card>
            <HelpCard actor={actor} />
          </div>
          <FiguresCard actor={actor} />
          <EventsCard actor={actor} />
        </div>
      )}
    </PageFrame>
  );
}

type Actor = ReturnType<typeof useActorRef<typeof workplaceMachine>>;

function WorkCard({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const work = useSelector(actor, selectWork, sameJson);
  return (
    <Card className="workplace-card workplace-work" elevation={0} data-testid="workplace-work">
      <H5>{t('workplace.work.title')}</H5>
      {work.length === 0 ? (
        <p className="bp6-text-muted">{t('workplace.work.none')}</p>
      ) : (
        <div className="workplace-tiles">
          {work.map((w) => (
            <Link
              key={w.key}
              to={w.href}
              className={`workplace-tile${w.count === 0 ? ' is-done' : ''}`}
              data-testid={`work-${w.key}`}
              data-count={w.count}
            >
              <span className="workplace-tile-count">{w.count.toLocaleString()}</span>
              <span className="workplace-tile-label">{t(`workplace.work.${w.key}`)}</span>
              {w.yours > 0 && (
                <span className="workplace-tile-note" data-testid={`work-${w.key}-yours`}>
                  {t(w.yours === w.count ? 'workplace.work.allYours' : 'workplace.work.someYours', {
                    count: w.yours,
                  })}
                </span>
              )}
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

function FiguresCard({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const figures = useSelector(actor, selectFigures, sameJson) ?? [];
  const show = (key: string, value: number) => (isMoney(key) ? yuan(value) : value.toLocaleString());
  return (
    <Card className="workplace-card workplace-figures" elevation={0} data-testid="workplace-figures">
      <H5>{t('workplace.figures.title')}</H5>
      <div className="workplace-figure-row">
        {figures.map((f) => (
          <div key={f.key} className="workplace-figure" data-testid={`figure-${f.key}`} data-today={f.today}>
            <div className="workplace-figure-label">{t(`workplace.figures.${f.key}`)}</div>
            <div className="workplace-figure-value">{show(f.key, f.today)}</div>
            <div className="workplace-figure-compare">
              <span>{t('workplace.figures.vsYesterday', { value: show(f.key, f.yesterday) })}</span>
              <Change percent={f.vsYesterday} today={f.today} upIsGood={f.key !== 'refunded_fen'} />
            </div>
            <div className="workplace-figure-compare">
              <span>{t('workplace.figures.vsLastWeek', { value: show(f.key, f.lastWeek) })}</span>
              <Change percent={f.vsLastWeek} today={f.today} upIsGood={f.key !== 'refunded_fen'} />
            </div>
          </div>
        ))}
      </div>
      <p className="workplace-hint bp6-text-muted">{t('workplace.figures.hint')}</p>
    </Card>
  );
}

/** The change against an earlier day: green when it went the good way (more orders, fewer refunds). */
function Change({ percent, today, upIsGood }: { percent: number | null; today: number; upIsGood: boolean }) {
  const { t } = useTranslation();
  if (percent === null) return today > 0 ? <Tag minimal>{t('workplace.figures.nothingBefore')}</Tag> : null;
  if (percent === 0) return <Tag minimal>{t('workplace.figures.noChange')}</Tag>;
  return (
    <Tag
      minimal
      intent={percent > 0 === upIsGood ? 'success' : 'danger'}
      icon={percent > 0 ? 'arrow-up' : 'arrow-down'}
    >
      {t('workplace.figures.change', { sign: percent > 0 ? '+' : '−', percent: Math.abs(percent) })}
    </Tag>
  );
}

function EventsCard({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const events = useSelector(actor, (s: WorkplaceSnapshot) => s.context.data?.events ?? [], sameJson);
  const now = new Date();
  return (
    <Card className="workplace-card workplace-events" elevation={0} data-testid="workplace-events">
      <H5>{t('workplace.events.title')}</H5>
      {events.length === 0 ? (
        <NonIdealState icon="history" description={t('workplace.events.none')} />
      ) : (
        <ol className="workplace-event-list">
          {events.map((e) => {
            const w = eventWords(t, e);
            return (
              <li key={e.position} data-testid="workplace-event" data-type={e.type}>
                <strong>{w.actor}</strong>
                <span className="workplace-event-what">
                  {w.kind}{' '}
                  {w.title !== null &&
                    (w.href ? (
                      <Link to={w.href}>{w.title}</Link>
                    ) : (
                      <span className="workplace-event-title">{w.title}</span>
                    ))}
                  {' · '}
                  {w.what}
                </span>
                <time dateTime={e.occurred_at} title={atMinute(e.occurred_at, i18n.language)}>
                  {timeAgo(e.occurred_at, now, i18n.language)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

function HelpCard({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const help = useSelector(actor, (s: WorkplaceSnapshot) => s.context.data?.help ?? [], sameJson);
  return (
    <Card className="workplace-card" elevation={0} data-testid="workplace-help">
      <H5>{t('workplace.help.title')}</H5>
      {help.length === 0 ? (
        <p className="bp6-text-muted">{t('workplace.help.none')}</p>
      ) : (
        <ul className="workplace-help-list">
          {help.map((h) => (
            <li key={h.id}>
              <Link to={`/notice/detail?id=${h.id}`}>{h.title}</Link>
              <span className="bp6-text-muted">{onDay(h.notice_time, i18n.language)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
