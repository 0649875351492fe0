import { Callout, Card, H5, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HistoryEntry } from '@/contract/api';
import type { OrderDto } from '@/contract/orders';
import { formatPercent } from '@/machines/lifecycles/commissionRules';
import { refundedAfterSettlementFen } from '@/machines/lifecycles/orderMachine';
import { orderDetail, orderScreen, type OrderRelated } from '@/machines/screens/orderScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ConflictDialog,
  DetailBody,
  DetailCommandDialog,
  DetailErrors,
  HistoryTimeline,
  LifecycleActions,
  useDetailScreen,
  useIdParam,
  type DetailActor,
} from '@/views/kit/detailScreen';
import { pickerOpenFor, reassigns } from '@/machines/screens/candidatePickerMachine';
import { AssignDialog, useCandidatePicker } from './AssignDialog';
import { FULFILMENT_INTENT, PAYMENT_INTENT } from './OrderList';
import { RefundRequestDialog, useRefundRequest } from './RefundRequestDialog';
import { yuan } from '@/views/common/money';
import { refundDestination, refundHandlers, refundReason } from './refundText';
import './order.css';
import { BackButton } from '@/views/kit/BackButton';
import { orderDialog } from './commandDialog';
import { useAtMinute } from '@/views/common/when';

type OrderPage = OrderDto & OrderRelated;

/** /order/detail?id=…: one order — parties, money with the commission, its renewals and refunds, its history. */
export default function OrderDetailPage() {
  const id = useIdParam();
  const [reloads, setReloads] = useState(0);
  return <OrderDetail key={`${id}:${reloads}`} id={id} reload={() => setReloads((n) => n + 1)} />;
}

function OrderDetail({ id, reload }: { id: number | null; reload: () => void }) {
  const { t } = useTranslation();
  const actor = useDetailScreen(orderDetail, { id, entity: orderScreen });
  const order = useSelector(actor, (s) => s.context.record as OrderPage | null);
  const describe = useDescribe();
  const picker = useCandidatePicker(
    useCallback(
      (_: number, supplierId: number) =>
        actor.send({ type: 'lifecycle.command', command: { type: 'order.assign', supplierId } }),
      [actor],
    ),
  );
  const refund = useRefundRequest(reload);
  return (
    <PageFrame
      title={order ? t('order.title.detail', { orderNo: order.order_no }) : t('menu.order.detail')}
      actions={<BackButton to="/order/server">{t('order.back')}</BackButton>}
    >
      {id === null ? (
        <Callout intent={Intent.WARNING}>{t('order.detail.noId')}</Callout>
      ) : (
        <DetailBody actor={actor}>
          {order && (
            <div className="kit-detail order-detail">
              <div className="order-main">
                <Summary order={order} />
                <Money order={order} />
              </div>
              <div className="kit-side">
                <Card>
                  <H5>{t('order.section.actions')}</H5>
                  <Actions
                    actor={actor}
                    onAssign={() => picker.send(pickerOpenFor(order))}
                    onRefund={() =>
                      refund.send({ type: 'refund.open', target: { kind: 'order', row: order } })
                    }
                  />
                  <DetailErrors actor={actor} />
                </Card>
                <HistoryTimeline actor={actor} describe={describe} />
              </div>
              <Related order={order} />
            </div>
          )}
        </DetailBody>
      )}
      <DetailCommandDialog actor={actor} dialogs={(type) => orderDialog(t, type, order?.order_no ?? '')} />
      <AssignDialog actor={picker} />
      <RefundRequestDialog actor={refund} />
      <ConflictDialog actor={actor} describe={describe} />
    </PageFrame>
  );
}

/** Every button asks the policy and the lifecycle (assign opens the supplier picker, which then sends it). */
function Actions({
  actor,
  onAssign,
  onRefund,
}: {
  actor: DetailActor;
  onAssign: () => void;
  onRefund: () => void;
}) {
  const { t } = useTranslation();
  const record = useSelector(actor, (s) => s.context.record as OrderDto | null);
  const refused = record !== null && reassigns(record);
  return (
    <LifecycleActions
      actor={actor}
      actions={[
        {
          type: 'order.assign',
          label: t(refused ? 'order.action.reassign' : 'order.action.assign'),
          intent: Intent.PRIMARY,
          onClick: onAssign,
        },
        { type: 'refund.create', label: t('order.action.requestRefund'), onClick: onRefund },
        {
          type: 'order.cancel',
          label: t('order.action.cancel'),
          intent: Intent.DANGER,
          ask: 'reason',
          command: { reason: '' },
        },
      ]}
    />
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="order-field">
      <span className="kit-muted">{label}</span>
      <span>{children}</span>
    </div>
  );
}

function Summary({ order }: { order: OrderPage }) {
  const { t } = useTranslation();
  const when = useAtMinute();
  return (
    <Card className="order-summary">
      <div className="kit-actions">
        <Tag large intent={FULFILMENT_INTENT[order.fulfilment]} data-testid="order-fulfilment">
          {t(`order.fulfilment.${order.fulfilment}`)}
        </Tag>
        <Tag large minimal intent={PAYMENT_INTENT[order.payment]} data-testid="order-payment">
          {t(`order.payment.${order.payment}`)}
        </Tag>
        {order.settled && (
          <Tag large minimal intent={Intent.SUCCESS}>
            {t('order.settled')}
          </Tag>
        )}
      </div>
      {order.refuse_reason && (
        <Callout intent={Intent.WARNING} title={t('order.refused.reason')}>
          {order.refuse_reason}
        </Callout>
      )}
      {order.cancel_reason && (
        <Callout intent={Intent.NONE} title={t('order.cancelled.reason')}>
          {order.cancel_reason}
        </Callout>
      )}
      <div className="order-fields">
        <Field label={t('order.column.project')}>
          {order.project_name}
          {order.renewable && ` · ${t('project.kind.renewable')}`}
        </Field>
        <Field label={t('order.column.customer')}>
          <Link to={`/account/detail?id=${order.customer_id}`}>{order.customer_name}</Link> ·{' '}
          {order.customer_mobile}
        </Field>
        <Field label={t('order.column.supplier')}>
          {order.supplier_id ? (
            <Link to={`/supply/detail?id=${order.supplier_id}`}>{order.supplier_name}</Link>
          ) : (
            t('order.supplier.none')
          )}
        </Field>
        <Field label={t('order.column.city')}>{order.city}</Field>
        <Field label={t('order.field.address')}>{order.address}</Field>
        <Field label={t('order.column.scheduledAt')}>{when(order.scheduled_at)}</Field>
        <Field label={t('order.column.createdAt')}>{when(order.created_at)}</Field>
      </div>
    </Card>
  );
}

function Money({ order }: { order: OrderPage }) {
  const { t } = useTranslation();
  const s = order.settlement;
  const refundedAfter = refundedAfterSettlementFen({
    paidFen: order.paid_fen,
    refundedFen: order.refunded_fen,
    settlement: s,
  });
  return (
    <Card className="order-money" data-testid="order-money">
      <H5>{t('order.section.money')}</H5>
      <div className="order-fields">
        <Field label={t('order.column.amount')}>{yuan(order.amount_fen)}</Field>
        <Field label={t('order.money.paid')}>
          {yuan(order.paid_fen)}
          {order.payment_method && ` · ${t(`order.method.${order.payment_method}`)}`}
        </Field>
        <Field label={t('order.money.refunded')}>{yuan(order.refunded_fen)}</Field>
        <Field label={t('order.money.reserved')}>{yuan(order.reserved_fen)}</Field>
        <Field label={t('order.money.refundable')}>{yuan(order.refundable_fen)}</Field>
      </div>
      <H5>{t('order.section.settlement')}</H5>
      {s ? (
        <div className="order-fields" data-testid="order-settlement">
          <Field label={t('order.settlement.base')}>{yuan(s.amountFen)}</Field>
          <Field label={t('order.settlement.rate')}>
            {formatPercent(s.rateBp)}% · {t(`order.settlement.source.${s.source}`)}
          </Field>
          <Field label={t('order.settlement.commission')}>{yuan(s.commissionFen)}</Field>
          <Field label={t('order.settlement.payout')}>{yuan(s.payoutFen)}</Field>
          {refundedAfter > 0 && (
            <Field label={t('order.settlement.refundedAfter')}>{yuan(refundedAfter)}</Field>
          )}
        </div>
      ) : (
        <p className="kit-muted">
          {t(order.fulfilment === 'cancelled' ? 'order.settlement.never' : 'order.settlement.none')}
        </p>
      )}
      {order.renewals.some((r) => r.state === 'paid' || r.state === 'confirmed') && (
        <p className="kit-muted" data-testid="order-renewals-apart">
          {t('order.settlement.renewalsApart')}
        </p>
      )}
    </Card>
  );
}

function Related({ order }: { order: OrderPage }) {
  const { t } = useTranslation();
  const when = useAtMinute();
  return (
    <Card className="order-related">
      <H5>{t('order.section.renewals')}</H5>
      {order.renewals.length === 0 ? (
        <p className="kit-muted">{t('order.renewals.none')}</p>
      ) : (
        <HTMLTable compact striped className="order-children" data-testid="order-renewals">
          <thead>
            <tr>
              <th>{t('renewal.column.units')}</th>
              <th>{t('order.column.amount')}</th>
              <th>{t('renewal.column.state')}</th>
              <th>{t('order.settlement.commission')}</th>
              <th>{t('order.settlement.payout')}</th>
              <th>{t('renewal.column.requestedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {order.renewals.map((r) => (
              <tr key={r.id}>
                <td>{t('renewal.units', { count: r.units, unit: t(`project.unit.${r.unit}`) })}</td>
                <td>{yuan(r.amount_fen)}</td>
                <td className="wrap">
                  {t(`renewal.state.${r.state}`)}
                  {r.decline_reason && <div className="kit-muted">{r.decline_reason}</div>}
                </td>
                <td>
                  {r.settlement ? yuan(r.settlement.commissionFen) : '—'}
                  {r.settlement && (
                    <span className="kit-muted"> · {formatPercent(r.settlement.rateBp)}%</span>
                  )}
                </td>
                <td>{r.settlement ? yuan(r.settlement.payoutFen) : '—'}</td>
                <td className="kit-muted">{when(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <H5>{t('order.section.refunds')}</H5>
      {order.refunds.length === 0 ? (
        <p className="kit-muted">{t('order.refunds.none')}</p>
      ) : (
        <HTMLTable compact striped className="order-children" data-testid="order-refunds">
          <thead>
            <tr>
              <th>{t('refund.column.kind')}</th>
              <th>{t('refund.column.amount')}</th>
              <th>{t('refund.column.state')}</th>
              <th>{t('refund.column.reason')}</th>
              <th>{t('refund.column.handledBy')}</th>
              <th>{t('refund.column.destination')}</th>
              <th>{t('refund.column.requestedAt')}</th>
              <th>{t('order.refunds.list')}</th>
            </tr>
          </thead>
          <tbody>
            {order.refunds.map((r) => (
              <tr key={r.id}>
                <td>{t(`refund.kind.${r.kind}`)}</td>
                <td>{yuan(r.amount_fen)}</td>
                <td>{t(`refund.state.${r.state}`)}</td>
                <td className="wrap">{refundReason(t, r)}</td>
                <td>{refundHandlers(r)}</td>
                <td>{refundDestination(t, r)}</td>
                <td className="kit-muted">{when(r.created_at)}</td>
                <td>
                  {/* The refund's own list, searched for this order: where it is granted, sent or rejected. */}
                  <Link
                    to={`/order/${r.kind === 'order' ? 'refund' : 'renewandrefund'}?q=${encodeURIComponent(r.order_no)}`}
                  >
                    {t(r.kind === 'order' ? 'menu.order.refund' : 'menu.order.renewAndRefund')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}

function useDescribe() {
  const { t } = useTranslation();
  return (entry: HistoryEntry) => {
    const details: string[] = [];
    const supplier = entry.data.supplier as { name?: string } | undefined;
    if (supplier?.name) details.push(t('order.history.supplier', { name: supplier.name }));
    const amount = entry.data.amountFen;
    if (typeof amount === 'number') details.push(yuan(amount));
    // A refund sent: where the money went (the fact keeps how it was paid, when it knew).
    const destination = entry.data.destination;
    if (typeof destination === 'string') {
      const paidWith = typeof entry.data.paidWith === 'string' ? entry.data.paidWith : null;
      details.push(
        t('order.history.destination', { where: refundDestination(t, { destination, paid_with: paidWith }) }),
      );
    }
    // A refund's or a renewal's own step, in the order's history: named by its record.
    // A money move for a refund names the refund, whose own steps the history shows beside it.
    const refundId = entry.data.refundId;
    const values = { defaultValue: entry.type, refundId: typeof refundId === 'number' ? refundId : '?' };
    const title = entry.record
      ? t(`order.history.${entry.record.type}`, {
          id: entry.record.id,
          what: t(`order.history.step.${entry.record.type}.${entry.type}`, values),
        })
      : t(`order.event.${entry.type}`, values);
    return { title, details };
  };
}
