import { Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { NoticeDto } from '@/contract/notices';
import { NOTICE_SPEC, noticeList, noticeScreen } from '@/machines/screens/noticeScreens';
import { selectUser } from '@/machines/app/sessionMachine';
import { useAppActors } from '@/views/common/actors';
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
import { noticeDialog } from './commandDialog';
import { useTitleOf } from './noticeTitle';
import './notice.css';
import { useAtMinute } from '@/views/common/when';
import { useSaysNoticesChanged } from './noticesChanged';

const AUDIT_INTENT = { waiting_audit: Intent.WARNING, pass: Intent.SUCCESS, reject: Intent.DANGER } as const;

/**
 * /notice/list: notices by type (SPEC §4's tabs: all, system, help, new order, renew order) with a count each,
 * search by title, filters (audit state, enabled, audience, publish date), sorts, CSV export; approve, reject,
 * enable and close as the policy and the lifecycle allow. Declared on the view kit; it decides nothing.
 */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const titleOf = useTitleOf();
  const navigate = useNavigate();
  const actor = useListScreen(noticeList, { path: '/notice/list', spec: NOTICE_SPEC, entity: noticeScreen });
  useSaysNoticesChanged(actor);
  const { session } = useAppActors();
  const me = useSelector(session, (s) => selectUser(s)?.id ?? null);
  return (
    <PageFrame
      title={t('notice.title.list')}
      actions={
        <ActionButton
          actor={actor}
          row={null}
          type="notice.create"
          label={t('notice.action.write')}
          intent={Intent.PRIMARY}
          small={false}
          onClick={() => navigate('/notice/detail')}
        />
      }
    >
      <div className="kit-list notice-list">
        <ListTabs actor={actor} labelKey={(tab) => `notice.tab.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('notice.search.placeholder')}
          filters={[
            {
              field: 'audit_state',
              label: t('notice.column.audit'),
              anyLabel: t('notice.audit.all'),
              options: NOTICE_SPEC.filters.audit_state.values.map((v) => ({
                value: v,
                label: t(`notice.audit.${v}`),
              })),
            },
            {
              field: 'is_enabled',
              label: t('notice.column.enabled'),
              anyLabel: t('notice.enabled.all'),
              options: [
                { value: 'true', label: t('notice.enabled.true') },
                { value: 'false', label: t('notice.enabled.false') },
              ],
            },
            {
              field: 'audience',
              label: t('notice.column.audience'),
              anyLabel: t('notice.audience.all'),
              options: NOTICE_SPEC.filters.audience.values.map((v) => ({
                value: v,
                label: t(`notice.audience.${v}`),
              })),
            },
            { field: 'notice_time', label: t('notice.filter.noticeTime'), anyLabel: '', range: 'date' },
          ]}
        />
        <div className="notice-id-filters">
          <IdFilter actor={actor} field="to_user_id" label={(id) => t('notice.filter.recipient', { id })} />
          <IdFilter
            actor={actor}
            field="from_user_id"
            label={(id) =>
              id === String(me) ? t('notice.filter.writtenByYou') : t('notice.filter.writer', { id })
            }
          />
        </div>
        <BulkBar
          actor={actor}
          actions={[
            { type: 'notice.approve', label: t('notice.bulk.approve') },
            { type: 'notice.enable', label: t('notice.bulk.enable') },
            // Closing takes a notice out of the apps: asked first, as one notice's switch asks.
            { type: 'notice.close', label: t('notice.bulk.close'), ask: '' },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<NoticeDto>
          actor={actor}
          className="notice-table"
          selectable
          frozen={2}
          columns={useColumns(actor)}
          emptyTitle={t('notice.empty')}
          emptyHint={t('notice.empty.hint')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          label={titleOf}
          dialogs={(type, title, _command, rows) => noticeDialog(t, type, title, rows)}
        />
        <BulkSummaryDialog actor={actor} title={() => t('notice.bulk.title')} />
      </div>
    </PageFrame>
  );
}

/** A list narrowed to one person (a recipient clicked in the list; the writer, from the bell), removable. */
function IdFilter({
  actor,
  field,
  label,
}: {
  actor: ListActor;
  field: string;
  label: (id: string) => string;
}) {
  const id = useSelector(actor, (s) => s.context.query[field] ?? '');
  if (!id) return null;
  return (
    <Tag
      large
      minimal
      intent={Intent.PRIMARY}
      data-testid={`notice-${field}-filter`}
      onRemove={() => actor.send({ type: 'filter.change', field, value: '' })}
    >
      {label(id)}
    </Tag>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<NoticeDto>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useTitleOf();
  const when = useAtMinute();
  return [
    { key: 'id', header: t('notice.column.id'), width: 56, render: (n) => n.id },
    {
      key: 'title',
      header: t('notice.column.title'),
      width: 220,
      render: (n) => (
        <Link className="notice-title-link" to={`/notice/detail?id=${n.id}`} title={titleOf(n)}>
          {titleOf(n)}
        </Link>
      ),
    },
    {
      key: 'type',
      header: t('notice.column.type'),
      width: 112,
      render: (n) => <RowTag>{t(`notice.type.${n.type}`)}</RowTag>,
    },
    {
      key: 'audience',
      header: t('notice.column.audience'),
      width: 180,
      render: (n) =>
        n.to_user_id === null ? (
          t(`notice.audience.${n.audience}`)
        ) : (
          <span className="notice-recipient">
            <span className="kit-muted">{t(`notice.recipient.${n.audience}`)}:</span>
            <button
              type="button"
              className="notice-link-button"
              title={t('notice.filter.byRecipient')}
              onClick={() =>
                actor.send({ type: 'filter.change', field: 'to_user_id', value: String(n.to_user_id) })
              }
            >
              {n.to_user_name || `#${n.to_user_id}`}
            </button>
          </span>
        ),
    },
    {
      key: 'audit',
      header: t('notice.column.audit'),
      width: 124,
      render: (n) => (
        <RowTag intent={AUDIT_INTENT[n.audit_state]} data-audit-state={n.audit_state}>
          {t(`notice.audit.${n.audit_state}`)}
        </RowTag>
      ),
    },
    {
      key: 'enabled',
      header: t('notice.column.enabled'),
      width: 110,
      render: (n) => (
        <ActionSwitch
          actor={actor}
          row={n}
          on={n.is_enabled}
          onType="notice.enable"
          offType="notice.close"
          confirmOff
          label={t(`notice.enabled.${n.is_enabled}`)}
          ariaLabel={`${titleOf(n)}: ${t('notice.enabled.true')}`}
        />
      ),
    },
    {
      key: 'actions',
      header: t('notice.column.actions'),
      width: 176,
      render: (n) => (
        <div className="kit-row-actions">
          <ActionButton
            actor={actor}
            row={n}
            type="notice.approve"
            intent={Intent.SUCCESS}
            label={t('notice.action.approve')}
          />
          <ActionButton
            actor={actor}
            row={n}
            type="notice.reject"
            intent={Intent.DANGER}
            label={t('notice.action.reject')}
            command={{ reason: '' }}
            ask="reason"
          />
          <RowButton onClick={() => navigate(`/notice/detail?id=${n.id}`)}>
            {t('notice.action.open')}
          </RowButton>
        </div>
      ),
    },
    {
      key: 'notice_time',
      header: t('notice.column.noticeTime'),
      width: 170,
      sort: 'notice_time',
      render: (n) => when(n.notice_time),
    },
    {
      key: 'read_count',
      header: t('notice.column.readCount'),
      width: 130,
      sort: 'read_count',
      render: (n) => (
        <span title={t(n.is_read ? 'notice.read.yes' : 'notice.read.no')}>
          {n.read_count}
          {n.to_user_id !== null ? (
            <span className="kit-muted"> · {t(n.is_read ? 'notice.read.yes' : 'notice.read.no')}</span>
          ) : (
            n.audience_size !== undefined && (
              <span className="kit-muted">
                {' · '}
                {t('notice.read.unread', { count: Math.max(0, n.audience_size - n.read_count) })}
              </span>
            )
          )}
        </span>
      ),
    },
    {
      key: 'created_at',
      header: t('notice.column.createdAt'),
      width: 170,
      sort: 'created_at',
      render: (n) => when(n.created_at),
    },
  ];
}
