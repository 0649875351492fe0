import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectEvents, touchedRecordsPages } from '@/machines/screens/userInfoPages';
import { eventWords } from '@/views/dashboard/eventFeed';
import { FirstPageState, PagesFooter } from './PagesFooter';
import { When } from './When';

/** The records I acted on, each once: its kind, its name linking to its page, what I did last and when. */
export function TouchedRecords() {
  const { t } = useTranslation();
  const actor = useActorRef(touchedRecordsPages);
  const records = useSelector(actor, selectEvents);
  const loaded = useSelector(actor, (s) => s.context.pages.length > 0);
  return (
    <div className="user-info-records" data-testid="user-info-records">
      <FirstPageState actor={actor} />
      {loaded && records.length === 0 && (
        <NonIdealState icon="th-list" description={t('userInfo.records.none')} />
      )}
      {records.length > 0 && (
        <HTMLTable className="user-info-table" compact striped>
          <thead>
            <tr>
              <th>{t('userInfo.records.kind')}</th>
              <th>{t('userInfo.records.record')}</th>
              <th>{t('userInfo.records.last')}</th>
              <th>{t('userInfo.records.when')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((e) => {
              const w = eventWords(t, e);
              const title = w.title ?? t('userInfo.records.untitled', { id: e.stream_id });
              return (
                <tr
                  key={`${e.stream_type}:${e.stream_id}`}
                  data-testid="user-info-record"
                  data-kind={e.stream_type}
                  data-id={e.stream_id}
                >
                  <td>{w.kind}</td>
                  <td>{w.href ? <Link to={w.href}>{title}</Link> : title}</td>
                  <td>{w.what}</td>
                  <td>
                    <When iso={e.occurred_at} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <PagesFooter actor={actor} testId="user-info-records" />
    </div>
  );
}
