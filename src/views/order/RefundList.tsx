import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RefundDto } from '@/contract/orders';
import type { ScreenListSpec } from '@/machines/screens/listScreenMachine';
import { REFUND_LIST, refundList, refundScreen } from '@/machines/screens/orderScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ActionButton,
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
import { RowTag } from '@/views/kit/rowControls';
import { useSharedOrderColumns } from './columns';
import { refundDestination, refundHandlers, refundReason } from './refundText';
import './order.css';
import { MAX_REFUND_REASON_LENGTH } from '@/machines/lifecycles/refundMachine';

const STATE_INTENT: Record<string, Intent> = {
  requested: Intent.WARNING,
  granted: Intent.PRIMARY,
  sent: Intent.SUCCESS,
  rejected: Intent.DANGER,
};

const SPECS: Record<'order' | 'renewal', ScreenListSpec> = {
  order: { ...REFUND_LIST, fixed: { kind: 'order' } },
  renewal: { ...REFUND_LIST, fixed: { kind: 'renewal' } },
};

/**
 * Refunds of service orders (/order/refund) or of renewals (/order/renewandrefund): requested → granted (admin)
 * → sent (to the wallet or back to the original payment), or rejected with a reason. Under the four-eyes rule the
 * one who granted a refund cannot send it; the button says so.
 */
export function RefundList({ path, kind }: { path: string; kind: 'order' | 'renewal' }) {
  const { t } = useTranslation();
  const actor = useListScreen(refundList, { path, spec: SPECS[kind], entity: refundScreen });
  return (
    <PageFrame title={t(kind === 'order' ? 'menu.order.refund' : 'menu.order.renewAndRefund')}>
      <div className="kit-list order-list">
        <ListTabs actor={actor} labelKey={(tab) => `refund.state.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('order.search.placeholder')}
          filters={[
            {
              field: 'requested_by',
              label: t('refund.column.requestedBy'),
              anyLabel: t('refund.requestedBy.all'),
              options: ['customer', 'staff'].map((v) => ({ value: v, label: t(`refund.requestedBy.${v}`) })),
            },
            { field: 'city', label: t('order.column.city'), anyLabel: t('order.city.all'), lookup: 'city' },
            { field: 'project_id', label: t('order.column.project'), anyLabel: t('order.project.all') },
            { field: 'requested', label: t('refund.filter.requested'), anyLabel: '', range: 'date' },
            { field: 'amount', label: t('order.filter.amount'), anyLabel: '', range: 'money' },
          ]}
        />
        <BulkBar
          actor={actor}
          actions={[
            { type: 'refund.grant', label: t('refund.bulk.grant'), ask: '' },
            {
              type: 'refund.send',
              label: t('refund.bulk.sendToWallet'),
              command: { destination: 'wallet' },
              ask: '',
            },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<RefundDto>
          actor={actor}
          className="order-table"
          selectable
          frozen={2}
          columns={useColumns(actor)}
          emptyTitle={t('refund.empty')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name, command, rows) =>
            type === 'refund.grant'
              ? {
                  title: rows
                    ? t('refund.grant.bulkTitle', { count: rows })
                    : t('refund.grant.title', { name }),
                  label: rows
                    ? t('refund.grant.bulkBody', { count: rows })
                    : t('refund.grant.body', { name }),
                  confirm: t('refund.action.grant'),
                  intent: Intent.SUCCESS,
                }
              : type === 'refund.reject'
                ? {
                    title: t('refund.reject.title', { name }),
                    label: t('refund.reject.reason'),
                    confirm: t('refund.action.reject'),
                    intent: Intent.DANGER,
                    multiline: true,
                    maxLength: MAX_REFUND_REASON_LENGTH,
                  }
                : type === 'refund.send'
                  ? {
                      title: rows
                        ? t('refund.send.bulkTitle', { count: rows })
                        : t('refund.send.title', { name }),
                      label: rows
                        ? t(`refund.send.bulkBody.${String(command.destination)}`, { count: rows })
                        : t(`refund.send.body.${String(command.destination)}`, { name }),
                      confirm: t(`refund.action.send.${String(command.destination)}`),
                      intent: Intent.PRIMARY,
                    }
                  : undefined
          }
        />
        <BulkSummaryDialog actor={actor} title={(type) => t(`refund.bulk.title.${type}`)} />
      </div>
    </PageFrame>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<RefundDto>[] {
  const { t } = useTranslation();
  const c = useSharedOrderColumns<RefundDto>((r) => r.order_id);
  return [
    c.orderNo,
    {
      key: 'state',
      header: t('refund.column.state'),
      width: 90,
      // Who granted and who sent it, on hover: the row's actions stay within a laptop's width.
      render: (r) => (
        <RowTag
          intent={STATE_INTENT[r.state]}
          title={r.granted_by_name ? t('refund.handledBy', { names: refundHandlers(r) }) : undefined}
        >
          {t(`refund.state.${r.state}`)}
        </RowTag>
      ),
    },
    // The actions come next, in sight without scrolling at a laptop's width (1400 px), beside the amount.
    {
      key: 'actions',
      header: t('order.column.actions'),
      width: 360,
      render: (r) => (
        <div className="kit-row-actions">
          <ActionButton
            actor={actor}
            row={r}
            type="refund.grant"
            intent={Intent.SUCCESS}
            label={t('refund.action.grant')}
            ask=""
          />
          <ActionButton
            actor={actor}
            row={r}
            type="refund.reject"
            intent={Intent.DANGER}
            label={t('refund.action.reject')}
            command={{ reason: '' }}
            ask="reason"
          />
          <ActionButton
            actor={actor}
            row={r}
            type="refund.send"
            intent={Intent.PRIMARY}
            label={t('refund.action.send.wallet')}
            command={{ destination: 'wallet' }}
            ask=""
          />
          <ActionButton
            actor={actor}
            row={r}
            type="refund.send"
            label={t('refund.action.send.original')}
            command={{ destination: 'original' }}
            ask=""
          />
        </div>
      ),
    },
    c.amount(t('refund.column.amount')),
    {
      key: 'requested_by',
      header: t('refund.column.requestedBy'),
      width: 90,
      render: (r) => t(`refund.requestedBy.${r.requested_by}`),
    },
    {
      key: 'reason',
      header: t('refund.column.reason'),
      width: 180,
      render: (r) => refundReason(t, r),
    },
    ...c.parties,
    c.supplier,
    {
      key: 'destination',
      header: t('refund.column.destination'),
      width: 150,
      // Returned the way it was paid, a wallet payment went back to the wallet: the column says so.
      render: (r) => refundDestination(t, r),
    },
    c.createdAt(t('refund.column.requestedAt')),
  ];
}
