import { Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FeedbackDto } from '@/contract/feedback';
import {
  FEEDBACK_SPEC,
  excerpt,
  feedbackList,
  feedbackScreen,
  orderLinkOf,
  supplierLinkOf,
} from '@/machines/screens/feedbackScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  EntityTable,
  ListActionError,
  ListTabs,
  ListToolbar,
  Pagination,
  useListScreen,
  type ColumnDeclaration,
  type ListActor,
} from '@/views/kit/listScreen';
import { RowTag } from '@/views/kit/rowControls';
import './feedback.css';
import { useAtMinute } from '@/views/common/when';

const STATE_INTENT = { pending: Intent.WARNING, replied: Intent.PRIMARY, resolved: Intent.SUCCESS } as const;

/**
 * /feedback/feedbacklist: feedback by state (tabs with counts: waiting for an answer, answered, resolved), search
 * over the content, the sender, the supplier and order numbers, filters (kind, sender, submitted date; an order or
 * a supplier when reached from one), sorts, paging and CSV export. Each row leads to its conversation. Declared on
 * the view kit; it decides nothing.
 */
export default function FeedbackListPage() {
  const { t } = useTranslation();
  const actor = useListScreen(feedbackList, {
    path: '/feedback/feedbacklist',
    spec: FEEDBACK_SPEC,
    entity: feedbackScreen,
  });
  return (
    <PageFrame title={t('feedback.title.list')}>
      <div className="kit-list feedback-list">
        <ListTabs actor={actor} labelKey={(tab) => `feedback.tab.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('feedback.search.placeholder')}
          filters={[
            {
              field: 'kind',
              label: t('feedback.column.kind'),
              anyLabel: t('feedback.kind.all'),
              options: FEEDBACK_SPEC.filters.kind.values.map((v) => ({
                value: v,
                label: t(`feedback.kind.${v}`),
              })),
            },
            {
              field: 'from_kind',
              label: t('feedback.column.from'),
              anyLabel: t('feedback.from.all'),
              options: FEEDBACK_SPEC.filters.from_kind.values.map((v) => ({
                value: v,
                label: t(`feedback.from.${v}`),
              })),
            },
            { field: 'submitted', label: t('feedback.filter.submitted'), anyLabel: '', range: 'date' },
          ]}
        />
        <AboutFilters actor={actor} />
        <ListActionError actor={actor} />
        <EntityTable<FeedbackDto>
          actor={actor}
          className="feedback-table"
          frozen={2}
          columns={useColumns()}
          emptyTitle={t('feedback.empty')}
          emptyHint={t('feedback.empty.hint')}
        />
        <Pagination actor={actor} />
      </div>
    </PageFrame>
  );
}

/** The order or supplier the list is narrowed to (reached from a feedback's page), each removable. */
function AboutFilters({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const order = useSelector(actor, (s) => s.context.query.order_id ?? '');
  const supplier = useSelector(actor, (s) => s.context.query.supplier_id ?? '');
  if (!order && !supplier) return null;
  const tag = (field: string, id: string, key: string) => (
    <Tag
      large
      minimal
      intent={Intent.PRIMARY}
      data-testid={`feedback-filter-${field}`}
      onRemove={() => actor.send({ type: 'filter.change', field, value: '' })}
    >
      {t(key, { id })}
    </Tag>
  );
  return (
    <div className="feedback-about-filters">
      {order && tag('order_id', order, 'feedback.filter.order')}
      {supplier && tag('supplier_id', supplier, 'feedback.filter.supplier')}
    </div>
  );
}

function useColumns(): ColumnDeclaration<FeedbackDto>[] {
  const { t } = useTranslation();
  const when = useAtMinute();
  return [
    { key: 'id', header: t('feedback.column.id'), width: 56, render: (f) => f.id },
    {
      key: 'content',
      header: t('feedback.column.content'),
      width: 260,
      render: (f) => (
        <Link className="feedback-content-link" to={`/feedback/feedbackdetail?id=${f.id}`} title={f.content}>
          {excerpt(f.content)}
        </Link>
      ),
    },
    {
      key: 'state',
      header: t('feedback.column.state'),
      width: 100,
      render: (f) => (
        <RowTag intent={STATE_INTENT[f.state]} data-feedback-state={f.state}>
          {t(`feedback.state.${f.state}`)}
        </RowTag>
      ),
    },
    {
      key: 'kind',
      header: t('feedback.column.kind'),
      width: 96,
      render: (f) => <RowTag>{t(`feedback.kind.${f.kind}`)}</RowTag>,
    },
    {
      key: 'from',
      header: t('feedback.column.from'),
      width: 160,
      render: (f) => (
        <span className="feedback-cell-text" title={f.from_name}>
          <span className="kit-muted">{t(`feedback.from.${f.from_kind}`)} · </span>
          {f.from_name}
        </span>
      ),
    },
    {
      key: 'messages',
      header: t('feedback.column.messages'),
      width: 80,
      render: (f) => <span className="feedback-count">{f.message_count}</span>,
    },
    {
      key: 'order',
      header: t('feedback.column.order'),
      width: 150,
      render: (f) => (f.order ? <Link to={orderLinkOf(f.order)}>{f.order.orderNo}</Link> : null),
    },
    {
      key: 'supplier',
      header: t('feedback.column.supplier'),
      width: 140,
      render: (f) =>
        f.supplier ? (
          <Link className="feedback-cell-text" to={supplierLinkOf(f.supplier)} title={f.supplier.name}>
            {f.supplier.name}
          </Link>
        ) : null,
    },
    {
      key: 'created_at',
      header: t('feedback.column.submitted'),
      width: 170,
      sort: 'created_at',
      render: (f) => when(f.created_at),
    },
    {
      key: 'updated_at',
      header: t('feedback.column.updated'),
      width: 170,
      sort: 'updated_at',
      render: (f) => when(f.updated_at),
    },
  ];
}
