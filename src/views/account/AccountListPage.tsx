import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CustomerDto } from '@/contract/customers';
import { CUSTOMER_LIST, customerList, customerScreen } from '@/machines/screens/orderScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ActionSwitch,
  BulkBar,
  BulkSummaryDialog,
  EntityTable,
  ListActionError,
  ListCommandDialog,
  ListToolbar,
  Pagination,
  useListScreen,
  type ColumnDeclaration,
  type ListActor,
} from '@/views/kit/listScreen';
import { RowButton } from '@/views/kit/rowControls';
import { yuan } from '@/views/common/money';
import { atMinute } from '@/views/common/when';

/** /account/list: customer accounts with their wallet balance; search by name or mobile, filters, CSV export. */
export default function AccountListPage() {
  const { t } = useTranslation();
  const actor = useListScreen(customerList, {
    path: '/account/list',
    spec: CUSTOMER_LIST,
    entity: customerScreen,
  });
  return (
    <PageFrame title={t('menu.account.list')}>
      <div className="kit-list account-list">
        <ListToolbar
          actor={actor}
          placeholder={t('account.search.placeholder')}
          filters={[
            {
              field: 'is_enabled',
              label: t('account.column.status'),
              anyLabel: t('account.status.all'),
              options: [
                { value: 'true', label: t('account.status.enabled') },
                { value: 'false', label: t('account.status.closed') },
              ],
            },
            { field: 'city', label: t('order.column.city'), anyLabel: t('order.city.all'), lookup: 'city' },
            { field: 'balance', label: t('account.filter.balance'), anyLabel: '', range: 'money' },
            { field: 'registered', label: t('account.filter.registered'), anyLabel: '', range: 'date' },
          ]}
        />
        <BulkBar
          actor={actor}
          actions={[
            { type: 'customer.enable', label: t('account.action.enable') },
            // Closing stops customers ordering: asked first, as one account's switch asks.
            { type: 'customer.close', label: t('account.action.close'), ask: '' },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<CustomerDto>
          actor={actor}
          className="account-table"
          selectable
          columns={useColumns(actor)}
          emptyTitle={t('account.empty')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name, _command, rows) =>
            type === 'customer.close'
              ? {
                  title: rows
                    ? t('account.close.bulkTitle', { count: rows })
                    : t('account.close.title', { name }),
                  label: rows
                    ? t('account.close.bulkBody', { count: rows })
                    : t('account.close.body', { name }),
                  confirm: t('account.action.close'),
                  intent: Intent.DANGER,
                }
              : undefined
          }
        />
        <BulkSummaryDialog actor={actor} title={() => t('account.bulk.title')} />
      </div>
    </PageFrame>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<CustomerDto>[] {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return [
    { key: 'id', header: t('account.column.id'), width: 64, render: (c) => c.id },
    { key: 'name', header: t('account.column.name'), width: 140, sort: 'name', render: (c) => c.name },
    { key: 'mobile', header: t('account.column.mobile'), width: 120, render: (c) => c.mobile },
    { key: 'city', header: t('account.column.city'), width: 90, render: (c) => c.city },
    {
      key: 'balance',
      header: t('account.column.balance'),
      width: 110,
      sort: 'balance',
      render: (c) => yuan(c.balance_fen),
    },
    {
      key: 'status',
      header: t('account.column.status'),
      width: 120,
      render: (c) => (
        <ActionSwitch
          actor={actor}
          row={c}
          on={c.is_enabled}
          onType="customer.enable"
          offType="customer.close"
          confirmOff
          label={t(`account.status.${c.is_enabled ? 'enabled' : 'closed'}`)}
          ariaLabel={`${c.name}: ${t('account.status.enabled')}`}
        />
      ),
    },
    {
      key: 'created_at',
      header: t('account.column.registeredAt'),
      width: 160,
      sort: 'created_at',
      render: (c) => atMinute(c.created_at, i18n.language),
    },
    {
      key: 'actions',
      header: t('account.column.actions'),
      width: 100,
      render: (c) => (
        <RowButton intent={Intent.PRIMARY} onClick={() => navigate(`/account/detail?id=${c.id}`)}>
          {t('account.action.view')}
        </RowButton>
      ),
    },
  ];
}
