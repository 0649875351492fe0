import { Callout, Card, H5, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CustomerDto } from '@/contract/customers';
import { ledgerText } from './ledgerText';
import { customerDetail, customerScreen, type CustomerRelated } from '@/machines/screens/orderScreens';
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
import { FULFILMENT_INTENT } from '@/views/order/OrderList';
import { yuan } from '@/views/common/money';
import '@/views/order/order.css';
import { AdjustDialog } from './AdjustDialog';
import { BackButton } from '@/views/kit/BackButton';
import { atMinute } from '@/views/common/when';

type AccountPage = CustomerDto & CustomerRelated;

/** /account/detail?id=…: a customer's profile, wallet (ledger with the balance after each entry) and orders. */
export default function AccountDetailPage() {
  const id = useIdParam();
  return <AccountDetail key={id ?? 'none'} id={id} />;
}

function AccountDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const actor = useDetailScreen(customerDetail, { id, entity: customerScreen });
  const account = useSelector(actor, (s) => s.context.record as AccountPage | null);
  const describe = useDescribe();
  const [adjusting, setAdjusting] = useState(false);
  // A new, empty adjustment once one is done; a refused one keeps what was typed for the next try.
  const [adjustments, setAdjustments] = useState(0);
  useEffect(() => {
    const done = actor.on('toast', (e) => e.command === 'customer.adjust' && setAdjustments((n) => n + 1));
    return () => done.unsubscribe();
  }, [actor]);
  return (
    <PageFrame
      title={account ? t('account.title.detail', { name: account.name }) : t('menu.account.detail')}
      actions={<BackButton to="/account/list">{t('account.back')}</BackButton>}
    >
      {id === null ? (
        <Callout intent={Intent.WARNING}>{t('account.detail.noId')}</Callout>
      ) : (
        <DetailBody actor={actor}>
          {account && (
            <div className="kit-detail order-detail">
              <div className="order-main">
                <Profile actor={actor} account={account} onAdjust={() => setAdjusting(true)} />
                <Ledger ledger={account.ledger} />
                <Orders orders={account.orders} />
              </div>
              <div className="kit-side">
                <HistoryTimeline actor={actor} describe={describe} />
              </div>
            </div>
          )}
        </DetailBody>
      )}
      <DetailCommandDialog
        actor={actor}
        dialogs={(type) =>
          type === 'customer.close'
            ? {
                title: t('account.close.title', { name: account?.name }),
                // Closing keeps the money: the wallet's balance stays, to be adjusted or used when enabled again.
                label:
                  account && account.balance_fen > 0
                    ? t('account.close.bodyWithBalance', {
                        name: account.name,
                        amount: yuan(account.balance_fen),
                      })
                    : t('account.close.body', { name: account?.name }),
                confirm: t('account.action.close'),
                intent: Intent.DANGER,
              }
            : undefined
        }
      />
      <AdjustDialog
        done={adjustments}
        account={adjusting ? account : null}
        onClose={() => setAdjusting(false)}
        onAdjust={(command) => actor.send({ type: 'lifecycle.command', command })}
      />
      <ConflictDialog actor={actor} describe={describe} />
    </PageFrame>
  );
}

function Profile({
  actor,
  account,
  onAdjust,
}: {
  actor: DetailActor;
  account: AccountPage;
  onAdjust: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="order-summary">
      <div className="kit-actions">
        <Tag large intent={account.is_enabled ? Intent.SUCCESS : Intent.NONE} data-testid="account-status">
          {t(`account.status.${account.is_enabled ? 'enabled' : 'closed'}`)}
        </Tag>
        <span className="account-balance" data-testid="account-balance">
          {t('account.balance', { amount: yuan(account.balance_fen) })}
        </span>
      </div>
      <div className="order-fields">
        <div className="order-field">
          <span className="kit-muted">{t('account.column.mobile')}</span>
          <span>{account.mobile}</span>
        </div>
        <div className="order-field">
          <span className="kit-muted">{t('account.column.city')}</span>
          <span>{account.city}</span>
        </div>
        <div className="order-field">
          <span className="kit-muted">{t('account.column.registeredAt')}</span>
          <span>{atMinute(account.created_at, i18n.language)}</span>
        </div>
      </div>
      <LifecycleActions
        actor={actor}
        actions={[
          {
            type: 'customer.adjust',
            label: t('account.action.adjust'),
            intent: Intent.PRIMARY,
            onClick: onAdjust,
          },
          { type: 'customer.enable', label: t('account.action.enable') },
          { type: 'customer.close', label: t('account.action.close'), intent: Intent.DANGER, ask: '' },
        ]}
      />
      <DetailErrors actor={actor} />
    </Card>
  );
}

/** An entry's text with its order's number as a link to the order's page (where there is one). */
function LinkedOrderNo({
  text,
  orderNo,
  orderId,
}: {
  text: string;
  orderNo?: string;
  orderId: number | null;
}) {
  const at = orderNo ? text.indexOf(orderNo) : -1;
  if (!orderNo || orderId === null || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Link to={`/order/detail?id=${orderId}`}>{orderNo}</Link>
      {text.slice(at + orderNo.length)}
    </>
  );
}

function Ledger({ ledger }: { ledger: AccountPage['ledger'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <H5>{t('account.section.ledger')}</H5>
      {ledger.items.length === 0 ? (
        <p className="kit-muted">{t('account.ledger.empty')}</p>
      ) : (
        <>
          <HTMLTable compact striped className="order-children" data-testid="account-ledger">
            <thead>
              <tr>
                <th>{t('account.ledger.when')}</th>
                <th>{t('account.ledger.what')}</th>
                <th className="num">{t('account.ledger.amount')}</th>
                <th className="num">{t('account.ledger.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.items.map((e) => (
                <tr key={e.version} data-type={e.type}>
                  <td className="kit-muted">{atMinute(e.occurred_at, i18n.language)}</td>
                  <td>
                    <LinkedOrderNo text={ledgerText(t, e)} orderNo={e.ref?.orderNo} orderId={e.order_id} />
                    {e.reason && <div className="kit-muted">{e.reason}</div>}
                  </td>
                  <td className={`num ${e.amount_fen < 0 ? 'money-out' : 'money-in'}`}>
                    {e.amount_fen > 0 ? '+' : ''}
                    {yuan(e.amount_fen)}
                  </td>
                  <td className="num">{yuan(e.balance_fen)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {ledger.total > ledger.items.length && (
            <p className="kit-muted">
              {t('account.ledger.more', { shown: ledger.items.length, total: ledger.total })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

function Orders({ orders }: { orders: AccountPage['orders'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <H5>{t('account.section.orders', { count: orders.total })}</H5>
      {orders.items.length === 0 ? (
        <p className="kit-muted">{t('account.orders.empty')}</p>
      ) : (
        <HTMLTable compact striped className="order-children" data-testid="account-orders">
          <thead>
            <tr>
              <th>{t('order.column.orderNo')}</th>
              <th>{t('order.column.project')}</th>
              <th>{t('order.column.fulfilment')}</th>
              <th className="num">{t('order.column.amount')}</th>
              <th>{t('order.column.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.items.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={`/order/detail?id=${o.id}`}>{o.order_no}</Link>
                </td>
                <td>{o.project_name}</td>
                <td>
                  <Tag minimal intent={FULFILMENT_INTENT[o.fulfilment]}>
                    {t(`order.fulfilment.${o.fulfilment}`)}
                  </Tag>
                </td>
                <td className="num">{yuan(o.amount_fen)}</td>
                <td className="kit-muted">{atMinute(o.created_at, i18n.language)}</td>
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
  return (entry: { type: string; data: Record<string, unknown> }) => {
    const amount = entry.data.amountFen;
    return {
      title: t(`account.event.${entry.type}`, { defaultValue: entry.type }),
      details: typeof amount === 'number' ? [yuan(amount)] : [],
    };
  };
}
