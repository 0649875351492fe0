import { Card, H4, H5, NonIdealState, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectUser } from '@/machines/app/sessionMachine';
import { myActivityPages, selectCounts, selectEvents } from '@/machines/screens/userInfoPages';
import { useAppActors } from '@/views/common/actors';
import { eventWords } from '@/views/dashboard/eventFeed';
import { MemberAvatar } from './MemberAvatar';
import { FirstPageState, PagesFooter } from './PagesFooter';
import { When } from './When';

/** Who I am (the session's user info), how much I did over 7 and 30 days, and my latest events in words. */
export function MyOverview() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const user = useSelector(session, selectUser);
  const actor = useActorRef(myActivityPages);
  const counts = useSelector(actor, selectCounts);
  const events = useSelector(actor, selectEvents);
  const loaded = useSelector(actor, (s) => s.context.pages.length > 0);
  const name = user?.name || user?.email || '';
  return (
    <div className="user-info-overview">
      <Card className="user-info-card user-info-me" elevation={0} data-testid="user-info-me">
        <MemberAvatar name={name} avatar={user?.avatar} large />
        <div className="user-info-me-text">
          <H4>{name}</H4>
          <dl>
            <dt>{t('userInfo.me.email')}</dt>
            <dd>{user?.email}</dd>
            <dt>{t('userInfo.me.role')}</dt>
            <dd>
              <Tag minimal data-testid="user-info-role">
                {user?.role ? t(`role.${user.role}`) : '—'}
              </Tag>
            </dd>
            {user?.registrationDate && (
              <>
                <dt>{t('userInfo.me.since')}</dt>
                <dd>{user.registrationDate.slice(0, 10)}</dd>
              </>
            )}
          </dl>
        </div>
        <Link to="/user/setting" className="user-info-me-edit">
          {t('userInfo.me.settings')}
        </Link>
      </Card>
      <div className="user-info-counts">
        {(['last_7_days', 'last_30_days'] as const).map((key) => (
          <Card
            key={key}
            className="user-info-card user-info-count"
            elevation={0}
            data-testid={`user-info-count-${key}`}
            data-count={counts?.[key]}
          >
            <span className="user-info-count-value">{counts ? counts[key].toLocaleString() : '…'}</span>
            <span className="user-info-count-label">
              {t(key === 'last_7_days' ? 'userInfo.counts.last7' : 'userInfo.counts.last30')}
            </span>
          </Card>
        ))}
      </div>
      <Card className="user-info-card user-info-lately" elevation={0} data-testid="user-info-lately">
        <H5>{t('userInfo.lately.title')}</H5>
        <FirstPageState actor={actor} />
        {loaded && events.length === 0 && (
          <NonIdealState icon="history" description={t('userInfo.lately.none')} />
        )}
        {events.length > 0 && (
          <ol className="user-info-events">
            {events.map((e) => {
              const w = eventWords(t, e);
              return (
                <li key={e.position} data-testid="user-info-event" data-type={e.type}>
                  <span>
                    <span className="user-info-what">{w.what}</span>
                    {' · '}
                    {w.kind}{' '}
                    {w.title !== null &&
                      (w.href ? <Link to={w.href}>{w.title}</Link> : <span>{w.title}</span>)}
                  </span>
                  <When iso={e.occurred_at} />
                </li>
              );
            })}
          </ol>
        )}
        <PagesFooter actor={actor} testId="user-info-lately" />
      </Card>
    </div>
  );
}
