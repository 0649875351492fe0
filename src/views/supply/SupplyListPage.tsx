import { Button, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SupplierListItem } from '@/contract/suppliers';
import { SUPPLIER_SPEC, supplierList, supplierScreen } from '@/machines/screens/supplierScreens';
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
import { RowButton, RowTag } from '@/views/kit/rowControls';
import { supplierDialog } from './commandDialog';
import { atMinute } from '@/views/common/when';

/** /supply/list: the supplier list, declared on the view kit (columns, filters, actions). */

const AUDIT_INTENT = { waiting_audit: Intent.WARNING, pass: Intent.SUCCESS, reject: Intent.DANGER } as const;
const STATE_INTENT = {
  taking_orders: Intent.SUCCESS,
  servicing: Intent.PRIMARY,
  resting: Intent.NONE,
} as const;

export default function SupplyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useListScreen(supplierList, {
    path: '/supply/list',
    spec: SUPPLIER_SPEC,
    entity: supplierScreen,
  });
  const yesNo = (field: 'is_enabled', prefix: string) => ({
    field,
    label: t('supply.column.enabled'),
    anyLabel: t(`${prefix}.all`),
    options: [
      { value: 'true', label: t(`${prefix}.true`) },
      { value: 'false', label: t(`${prefix}.false`) },
    ],
  });
  return (
    <PageFrame
      title={t('supply.title.list')}
      actions={
        <Button intent={Intent.PRIMARY} icon="shop" onClick={() => navigate('/supply/detail')}>
          {t('supply.action.create')}
        </Button>
      }
    >
      <div className="kit-list supply-list">
        <ListTabs actor={actor} labelKey={(tab) => `supply.tab.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('supply.search.placeholder')}
          filters={[
            {
              field: 'audit_state',
              label: t('supply.column.audit'),
              anyLabel: t('supply.audit.all'),
              options: ['waiting_audit', 'pass', 'reject'].map((v) => ({
                value: v,
                label: t(`supply.audit.${v}`),
              })),
            },
            { field: 'city', label: t('supply.column.city'), anyLabel: t('supply.city.all') },
            yesNo('is_enabled', 'supply.enabled'),
          ]}
        />
        <BulkBar
          actor={actor}
          actions={[
            { type: 'supplier.approve', label: t('supply.bulk.approve') },
            { type: 'supplier.enable', label: t('supply.bulk.enable') },
            { type: 'supplier.close', label: t('supply.bulk.close'), ask: '' },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<SupplierListItem>
          actor={actor}
          className="supply-table"
          selectable
          frozen={2}
          columns={useColumns(actor)}
          emptyTitle={t('supply.empty')}
          emptyHint={t('supply.empty.hint')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name, _command, rows) => supplierDialog(t, type, name, rows)}
        />
        <BulkSummaryDialog actor={actor} title={() => t('supply.bulk.title')} />
      </div>
    </PageFrame>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<SupplierListItem>[] {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return [
    { key: 'id', header: t('supply.column.id'), width: 56, render: (r) => r.id },
    { key: 'name', header: t('supply.column.name'), width: 180, render: (r) => r.name },
    {
      key: 'audit',
      header: t('supply.column.audit'),
      width: 100,
      render: (r) => (
        <RowTag intent={AUDIT_INTENT[r.audit_state]}>{t(`supply.audit.${r.audit_state}`)}</RowTag>
      ),
    },
    {
      key: 'state',
      header: t('supply.column.state'),
      width: 110,
      render: (r) =>
        r.state ? (
          <RowTag intent={STATE_INTENT[r.state]}>{t(`supply.state.${r.state}`)}</RowTag>
        ) : (
          t('supply.state.none')
        ),
    },
    {
      key: 'enabled',
      header: t('supply.column.enabled'),
      width: 76,
      render: (r) => (
        <span className={r.is_enabled ? '' : Classes.TEXT_MUTED}>{t(`supply.enabled.${r.is_enabled}`)}</span>
      ),
    },
    {
      key: 'actions',
      header: t('supply.column.actions'),
      width: 300,
      render: (r) => (
        <div className="kit-row-actions">
          <ActionButton
            actor={actor}
            row={r}
            type="supplier.approve"
            intent={Intent.SUCCESS}
            label={t('supply.action.approve')}
          />
          <ActionButton
            actor={actor}
            row={r}
            type="supplier.reject"
            intent={Intent.DANGER}
            label={t('supply.action.reject')}
            command={{ reason: '' }}
            ask="reason"
          />
          {r.is_enabled ? (
            <ActionButton
              actor={actor}
              row={r}
              type="supplier.close"
              label={t('supply.action.close')}
              ask=""
            />
          ) : (
            <ActionButton actor={actor} row={r} type="supplier.enable" label={t('supply.action.enable')} />
          )}
          <ActionButton
            actor={actor}
            row={r}
            type="supplier.rank"
            label={t('supply.action.rank')}
            command={{ ranking: 0 }}
            ask="ranking"
          />
          <RowButton onClick={() => navigate(`/supply/detail?id=${r.id}`)}>
            {t('supply.action.edit')}
          </RowButton>
        </div>
      ),
    },
    {
      key: 'display',
      header: t('supply.column.display'),
      width: 72,
      render: (r) => t(`supply.display.${r.is_display}`),
    },
    {
      key: 'ranking',
      header: t('supply.column.ranking'),
      width: 80,
      sort: 'ranking',
      render: (r) => r.ranking,
    },
    {
      key: 'order_num',
      header: t('supply.column.orderNum'),
      width: 70,
      sort: 'order_num',
      render: (r) => r.order_num,
    },
    { key: 'real_name', header: t('supply.column.realName'), width: 100, render: (r) => r.real_name },
    { key: 'mobile', header: t('supply.column.mobile'), width: 110, render: (r) => r.mobile },
    { key: 'city', header: t('supply.column.city'), width: 90, render: (r) => r.city },
    {
      key: 'created_at',
      header: t('supply.column.createdAt'),
      width: 160,
      sort: 'created_at',
      render: (r) => atMinute(r.created_at, i18n.language),
    },
  ];
}
