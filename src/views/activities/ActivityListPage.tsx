import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ActivityDto } from '@/contract/activities';
import { ACTIVITY_SPEC, activityList, activityScreen } from '@/machines/screens/activityScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ActionButton,
  ActionSwitch,
  BulkBar,
  BulkSummaryDialog,
  EntityTable,
  ListActionError,
  ListCommandDialog,
  ListTabs,
  ListToolbar,
  Pagination,
  useListScreen,
  type ColumnDeclaration,
  type ListActor,
} from '@/views/kit/listScreen';
import { RowButton, RowTag } from '@/views/kit/rowControls';
import { STATE_INTENT } from './activityState';
import { activityDialog } from './commandDialog';
import { useAtMinute } from '@/views/common/when';

/**
 * /activities/list: activities by state (draft, scheduled, running, ended: the last three by the clock, so the
 * page reloads when a row's state changes) with a count each, search by title, filters (enabled, start and end
 * dates), sorts, CSV export; publish, end, enable and close as the policy and the lifecycle allow. Declared on the
 * view kit; it decides nothing.
 */
export default function ActivityListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useListScreen(activityList, {
    path: '/activities/list',
    spec: ACTIVITY_SPEC,
    entity: activityScreen,
  });
  return (
    <PageFrame
      title={t('activity.title.list')}
      actions={
        <ActionButton
          actor={actor}
          row={null}
          type="activity.create"
          label={t('activity.action.write')}
          intent={Intent.PRIMARY}
          small={false}
          onClick={() => navigate('/activities/detail')}
        />
      }
    >
      <div className="kit-list">
        <ListTabs actor={actor} labelKey={(tab) => `activity.tab.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('activity.search.placeholder')}
          filters={[
            {
              field: 'is_enabled',
              label: t('activity.column.enabled'),
              anyLabel: t('activity.enabled.all'),
              options: [
                { value: 'true', label: t('activity.enabled.true') },
                { value: 'false', label: t('activity.enabled.false') },
              ],
            },
            {
              field: 'city',
              label: t('activity.filter.city'),
              anyLabel: t('activity.city.all'),
              lookup: 'cities',
            },
            { field: 'starts_at', label: t('activity.filter.startsAt'), anyLabel: '', range: 'date' },
            { field: 'ends_at', label: t('activity.filter.endsAt'), anyLabel: '', range: 'date' },
          ]}
        />
        <BulkBar
          actor={actor}
          actions={[
            { type: 'activity.publish', label: t('activity.bulk.publish') },
            { type: 'activity.enable', label: t('activity.bulk.enable') },
            // Closing takes an activity out of the apps: asked first, as one activity's switch asks.
            { type: 'activity.close', label: t('activity.bulk.close'), ask: '' },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<ActivityDto>
          actor={actor}
          selectable
          frozen={2}
          columns={useColumns(actor)}
          emptyTitle={t('activity.empty')}
          emptyHint={t('activity.empty.hint')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, title, _command, rows) => activityDialog(t, type, title, rows)}
        />
        <BulkSummaryDialog actor={actor} title={() => t('activity.bulk.title')} />
      </div>
    </PageFrame>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<ActivityDto>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const when = useAtMinute();
  return [
    { key: 'id', header: t('activity.column.id'), width: 56, render: (a) => a.id },
    {
      key: 'title',
      header: t('activity.column.title'),
      width: 200,
      render: (a) => (
        <Link to={`/activities/detail?id=${a.id}`} title={a.title}>
          {a.title}
        </Link>
      ),
    },
    {
      key: 'state',
      header: t('activity.column.state'),
      width: 96,
      render: (a) => (
        <RowTag intent={STATE_INTENT[a.state]} data-activity-state={a.state}>
          {t(`activity.state.${a.state}`)}
        </RowTag>
      ),
    },
    {
      key: 'starts_at',
      header: t('activity.column.startsAt'),
      width: 150,
      sort: 'starts_at',
      render: (a) => when(a.starts_at),
    },
    {
      key: 'ends_at',
      header: t('activity.column.endsAt'),
      width: 150,
      sort: 'ends_at',
      render: (a) => when(a.ends_at),
    },
    {
      key: 'enabled',
      header: t('activity.column.enabled'),
      width: 110,
      render: (a) => (
        <ActionSwitch
          actor={actor}
          row={a}
          on={a.is_enabled}
          onType="activity.enable"
          offType="activity.close"
          confirmOff
          label={t(`activity.enabled.${a.is_enabled}`)}
          ariaLabel={`${a.title}: ${t('activity.enabled.true')}`}
        />
      ),
    },
    {
      key: 'actions',
      header: t('activity.column.actions'),
      width: 200,
      render: (a) => (
        <div className="kit-row-actions">
          <ActionButton
            actor={actor}
            row={a}
            type="activity.publish"
            intent={Intent.SUCCESS}
            label={t('activity.action.publish')}
          />
          <ActionButton
            actor={actor}
            row={a}
            type="activity.end"
            intent={Intent.DANGER}
            label={t('activity.action.end')}
            ask=""
          />
          <RowButton onClick={() => navigate(`/activities/detail?id=${a.id}`)}>
            {t('activity.action.open')}
          </RowButton>
        </div>
      ),
    },
    {
      key: 'cities',
      header: t('activity.column.cities'),
      width: 180,
      render: (a) => <span title={a.cities.join(', ')}>{a.cities.join(', ')}</span>,
    },
    {
      key: 'projects',
      header: t('activity.column.projects'),
      width: 200,
      render: (a) => {
        const names = a.projects.map((p) => p.name).join(', ');
        return <span title={names}>{names}</span>;
      },
    },
    {
      key: 'created_at',
      header: t('activity.column.createdAt'),
      width: 150,
      sort: 'created_at',
      render: (a) => when(a.created_at),
    },
  ];
}
