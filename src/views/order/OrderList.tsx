import { useSelector } from '@xstate/react';
import { Intent } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OrderDto } from '@/contract/orders';
import type { ScreenListSpec } from '@/machines/screens/listScreenMachine';
import { ORDER_LIST, orderList, orderScreen } from '@/machines/screens/orderScreens';
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
import { RowButton, RowTag } from '@/views/kit/rowControls';
import { pickerOpenFor, reassigns } from '@/machines/screens/candidatePickerMachine';
import { AssignDialog, useCandidatePicker } from './AssignDialog';
import { RefundRequestDialog, useRefundRequest } from './RefundRequestDialog';
import { useSharedOrderColumns } from './columns';
import './order.css';
import { orderDialog } from './commandDialog';
import { atMinute } from '@/views/common/when';

/** Fulfilment and payment as tags: one colour per state, the same on every order screen. */
export const FULFILMENT_INTENT: Record<string, Intent> = {
  awaiting_assignment: Intent.WARNING,
  assigned: Intent.PRIMARY,
  accepted: Intent.PRIMARY,
  in_service: Intent.PRIMARY,
  completed: Intent.SUCCESS,
  refused: Intent.DANGER,
  cancelled: Intent.NONE,
};
export const PAYMENT_INTENT: Record<string, Intent> = {
  unpaid: Intent.WARNING,
  paid: Intent.SUCCESS,
  partly_refunded: Intent.PRIMARY,
  refunded: Intent.NONE,
};

/**
 * The orders a supplier refused, on the tab of where each is now: still refused (the screen opens there), or
 * reassigned and on its way, or cancelled.
 */
const REFUSED_SPEC: ScreenListSpec = {
  ...ORDER_LIST,
  tabs: {
    ...ORDER_LIST.tabs,
    values: ['refused', 'assigned', 'accepted', 'in_service', 'completed', 'cancelled'],
  },
  defaultTab: 'refused',
  fixed: { was_refused: 'true' },
};

/**
 * The service orders (/order/server, with a tab per fulfilment state) and the refused ones (/order/refuse: the
 * same list of the orders a supplier refused, with reassign and refund at hand and why it was refused).
 */
export function OrderList({ path, refused = false }: { path: string; refused?: boolean }) {
  const { t } = useTranslation();
  const actor = useListScreen(orderList, {
    path,
    spec: refused ? REFUSED_SPEC : ORDER_LIST,
    entity: orderScreen,
  });
  const picker = useCandidatePicker(
    useCallback(
      (id: number, supplierId: number) =>
        actor.send({ type: 'row.command', id, command: { type: 'order.assign', supplierId } }),
      [actor],
    ),
  );
  const refund = useRefundRequest(useCallback(() => actor.send({ type: 'list.reload' }), [actor]));
  const tab = useSelector(actor, (s) => s.context.query.tab);
  return (
    <PageFrame title={t(refused ? 'menu.order.refuse' : 'menu.order.server')}>
      <div className="kit-list order-list">
        <ListTabs actor={actor} labelKey={(tab) => `order.fulfilment.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('order.search.placeholder')}
          filters={[
            {
              field: 'payment',
              label: t('order.column.payment'),
              anyLabel: t('order.payment.all'),
              options: ['unpaid', 'paid', 'partly_refunded', 'refunded'].map((v) => ({
                value: v,
                label: t(`order.payment.${v}`),
              })),
            },
            { field: 'city', label: t('order.column.city'), anyLabel: t('order.city.all'), lookup: 'city' },
            { field: 'project_id', label: t('order.column.project'), anyLabel: t('order.project.all') },
            { field: 'placed', label: t('order.filter.placed'), anyLabel: '', range: 'date' },
            { field: 'amount', label: t('order.filter.amount'), anyLabel: '', range: 'money' },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<OrderDto>
          actor={actor}
          className="order-table"
          frozen={1}
          columns={useOrderColumns(actor, refused, {
            assign: (o) => picker.send(pickerOpenFor(o)),
            refund: (o) => refund.send({ type: 'refund.open', target: { kind: 'order', row: o } }),
          })}
          emptyTitle={t(refused && tab === 'refused' ? 'order.empty.refused' : 'order.empty')}
          emptyHint={t('order.empty.hint')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog actor={actor} dialogs={(type, name) => orderDialog(t, type, name)} />
        <AssignDialog actor={picker} />
        <RefundRequestDialog actor={refund} />
      </div>
    </PageFrame>
  );
}

function useOrderColumns(
  actor: ListActor,
  refused: boolean,
  open: { assign: (row: OrderDto) => void; refund: (row: OrderDto) => void },
): ColumnDeclaration<OrderDto>[] {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const c = useSharedOrderColumns<OrderDto>((o) => o.id);
  return [
    c.orderNo,
    {
      key: 'fulfilment',
      header: t('order.column.fulfilment'),
      width: 150,
      render: (o) => (
        <RowTag intent={FULFILMENT_INTENT[o.fulfilment]}>{t(`order.fulfilment.${o.fulfilment}`)}</RowTag>
      ),
    },
    {
      key: 'payment',
      header: t('order.column.payment'),
      width: 130,
      render: (o) => <RowTag intent={PAYMENT_INTENT[o.payment]}>{t(`order.payment.${o.payment}`)}</RowTag>,
    },
    // The refused list says why, while an order waits for another supplier (reassigned, the refusal is history).
    ...(refused
      ? [
          {
            key: 'refuse_reason',
            header: t('order.column.refuseReason'),
            width: 180,
            render: (o: OrderDto) => o.refuse_reason || '—',
          },
        ]
      : []),
    // The actions come next, in sight without scrolling at a laptop's width (1400 px), as on the refund lists.
    {
      key: 'actions',
      header: t('order.column.actions'),
      width: 380,
      render: (o) => (
        <div className="kit-row-actions">
          <ActionButton
            actor={actor}
            row={o}
            type="order.assign"
            intent={Intent.PRIMARY}
            label={t(reassigns(o) ? 'order.action.reassign' : 'order.action.assign')}
            onClick={() => open.assign(o)}
          />
          <ActionButton
            actor={actor}
            row={o}
            type="order.cancel"
            intent={Intent.DANGER}
            label={t('order.action.cancel')}
            command={{ reason: '' }}
            ask="reason"
          />
          <ActionButton
            actor={actor}
            row={o}
            type="refund.create"
            label={t('order.action.requestRefund')}
            onClick={() => open.refund(o)}
          />
          <RowButton onClick={() => navigate(`/order/detail?id=${o.id}`)}>{t('order.action.view')}</RowButton>
        </div>
      ),
    },
    c.amount(),
    ...c.parties,
    c.supplier,
    c.city,
    {
      key: 'scheduled_at',
      header: t('order.column.scheduledAt'),
      width: 150,
      sort: 'scheduled_at',
      render: (o) => atMinute(o.scheduled_at, i18n.language),
    },
    c.createdAt(t('order.column.createdAt')),
  ];
}
