import { Intent } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenewalDto } from '@/contract/orders';
import { RENEWAL_LIST, renewalList, renewalScreen } from '@/machines/screens/orderScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ActionButton,
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
import { RefundRequestDialog, useRefundRequest } from './RefundRequestDialog';
import { useSharedOrderColumns } from './columns';
import './order.css';
import { MAX_RENEWAL_REASON_LENGTH } from '@/machines/lifecycles/renewalMachine';

const STATE_INTENT: Record<string, Intent> = {
  requested: Intent.WARNING,
  paid: Intent.PRIMARY,
  confirmed: Intent.SUCCESS,
  declined: Intent.DANGER,
};

/** /order/renew: renewals of services in progress, a tab per state; staff confirm, decline or refund them. */
export default function OrderRenewPage() {
  const { t } = useTranslation();
  const actor = useListScreen(renewalList, {
    path: '/order/renew',
    spec: RENEWAL_LIST,
    entity: renewalScreen,
  });
  const refund = useRefundRequest(useCallback(() => actor.send({ type: 'list.reload' }), [actor]));
  return (
    <PageFrame title={t('menu.order.renew')}>
      <div className="kit-list order-list">
        <ListTabs actor={actor} labelKey={(tab) => `renewal.state.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('order.search.placeholder')}
          filters={[
            { field: 'city', label: t('order.column.city'), anyLabel: t('order.city.all'), lookup: 'city' },
            { field: 'project_id', label: t('order.column.project'), anyLabel: t('order.project.all') },
            { field: 'requested', label: t('renewal.filter.requested'), anyLabel: '', range: 'date' },
            { field: 'amount', label: t('order.filter.amount'), anyLabel: '', range: 'money' },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<RenewalDto>
          actor={actor}
          className="order-table"
          frozen={1}
          columns={useColumns(actor, (r) =>
            refund.send({ type: 'refund.open', target: { kind: 'renewal', row: r } }),
          )}
          emptyTitle={t('renewal.empty')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name) =>
            type === 'renewal.decline'
              ? {
                  title: t('renewal.decline.title', { name }),
                  label: t('renewal.decline.reason'),
                  confirm: t('renewal.action.decline'),
                  intent: Intent.DANGER,
                  multiline: true,
                  maxLength: MAX_RENEWAL_REASON_LENGTH,
                }
              : type === 'renewal.confirm'
                ? {
                    title: t('renewal.confirm.title', { name }),
                    label: t('renewal.confirm.body', { name }),
                    confirm: t('renewal.action.confirm'),
                    intent: Intent.SUCCESS,
                  }
                : undefined
          }
        />
        <RefundRequestDialog actor={refund} />
      </div>
    </PageFrame>
  );
}

function useColumns(actor: ListActor, refund: (row: RenewalDto) => void): ColumnDeclaration<RenewalDto>[] {
  const { t } = useTranslation();
  const c = useSharedOrderColumns<RenewalDto>((r) => r.order_id);
  return [
    c.orderNo,
    {
      key: 'state',
      header: t('renewal.column.state'),
      width: 100,
      render: (r) => <RowTag intent={STATE_INTENT[r.state]}>{t(`renewal.state.${r.state}`)}</RowTag>,
    },
    {
      key: 'units',
      header: t('renewal.column.units'),
      width: 110,
      render: (r) => t('renewal.units', { count: r.units, unit: t(`project.unit.${r.unit}`) }),
    },
    c.amount(),
    {
      key: 'actions',
      header: t('order.column.actions'),
      width: 300,
      render: (r) => (
        <div className="kit-row-actions">
          <ActionButton
            actor={actor}
            row={r}
            type="renewal.confirm"
            intent={Intent.SUCCESS}
            label={t('renewal.action.confirm')}
            ask=""
          />
          <ActionButton
            actor={actor}
            row={r}
            type="renewal.decline"
            intent={Intent.DANGER}
            label={t('renewal.action.decline')}
            command={{ reason: '' }}
            ask="reason"
          />
          <ActionButton
            actor={actor}
            row={r}
            type="refund.create"
            label={t('order.action.requestRefund')}
            onClick={() => refund(r)}
          />
        </div>
      ),
    },
    ...c.parties,
    c.supplier,
    c.city,
    c.createdAt(t('renewal.column.requestedAt')),
  ];
}
