import '@blueprintjs/table/lib/css/table.css';
import './supply.css';
import {
  AnchorButton,
  Button,
  ButtonGroup,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Table, TableLoadingOption, RenderMode } from '@blueprintjs/table';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import type { SupplierEventType } from '@/machines/lifecycles/supplierMachine';
import {
  selectBulkSummary,
  selectCounts,
  selectDialog,
  selectIsBusy,
  selectIsLoading,
  selectItems,
  selectLoadFailed,
  selectPageCount,
  selectQuery,
  supplierListMachine,
  type BulkCommandType,
} from '@/machines/screens/supplierListMachine';
import { rowAvailability } from '@/machines/screens/supplierRows';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { RejectReasonDialog } from './RejectReasonDialog';
import { errorMessage } from '@/views/common/errorText';

type ListActor = ActorRefFrom<typeof supplierListMachine>;
type Row = ReturnType<typeof selectItems>[number];

const TABS = ['all', 'taking_orders', 'servicing', 'resting'] as const;
const AUDIT_INTENT = { waiting_audit: Intent.WARNING, pass: Intent.SUCCESS, reject: Intent.DANGER } as const;
const STATE_INTENT = {
  taking_orders: Intent.SUCCESS,
  servicing: Intent.PRIMARY,
  resting: Intent.NONE,
} as const;

/** Whether the window is at least `px` wide, following resizes. */
function useWideWindow(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The supplier list: renders the list machine's snapshot and sends it events; the rules come from the lifecycle. */
export default function SupplyListPage() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(supplierListMachine, { input: { role } });

  useEffect(() => {
    const sub = actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) }));
    return () => sub.unsubscribe();
  }, [actor, t]);

  return (
    <PageFrame title={t('supply.title.list')} actions={<CreateButton />}>
      <div className="supply-list">
        <TabsBar actor={actor} />
        <Toolbar actor={actor} />
        <BulkBar actor={actor} role={role} />
        <ActionError actor={actor} />
        <SupplierTable actor={actor} role={role} />
        <Pagination actor={actor} />
        <RejectDialog actor={actor} />
        <RankDialog actor={actor} />
        <BulkSummaryDialog actor={actor} />
      </div>
    </PageFrame>
  );
}

function CreateButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button intent={Intent.PRIMARY} icon="shop" onClick={() => navigate('/supply/detail')}>
      {t('supply.action.create')}
    </Button>
  );
}

function TabsBar({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const counts = useSelector(actor, selectCounts);
  const tab = useSelector(actor, (s) => s.context.query.tab);
  return (
    <Tabs
      id="supply-tabs"
      selectedTabId={tab}
      onChange={(id) => actor.send({ type: 'tab.select', tab: id as (typeof TABS)[number] })}
    >
      {TABS.map((id) => (
        <Tab
          key={id}
          id={id}
          title={t(`supply.tab.${id}`)}
          tagContent={counts[id]}
          tagProps={{ round: true, minimal: true }}
        />
      ))}
    </Tabs>
  );
}

function Toolbar({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const query = useSelector(actor, selectQuery);
  const searchText = useSelector(actor, (s) => s.context.searchText);
  const cities = useSelector(actor, (s) => s.context.cities);
  return (
    <div className="supply-toolbar">
      <InputGroup
        className="supply-search"
        leftIcon="search"
        placeholder={t('supply.search.placeholder')}
        value={searchText}
        onChange={(e) => actor.send({ type: 'query.type', text: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'query.submit' })}
        rightElement={
          <Button variant="minimal" onClick={() => actor.send({ type: 'query.submit' })}>
            {t('supply.search.button')}
          </Button>
        }
      />
      <HTMLSelect
        aria-label={t('supply.column.audit')}
        value={query.audit_state}
        onChange={(e) => actor.send({ type: 'filter.change', field: 'audit_state', value: e.target.value })}
        options={[
          { value: '', label: t('supply.audit.all') },
          { value: 'waiting_audit', label: t('supply.audit.waiting_audit') },
          { value: 'pass', label: t('supply.audit.pass') },
          { value: 'reject', label: t('supply.audit.reject') },
        ]}
      />
      <HTMLSelect
        aria-label={t('supply.column.city')}
        value={query.city}
        onChange={(e) => actor.send({ type: 'filter.change', field: 'city', value: e.target.value })}
        options={[{ value: '', label: t('supply.city.all') }, ...cities.map((c) => ({ value: c, label: c }))]}
      />
      <HTMLSelect
        aria-label={t('supply.column.enabled')}
        value={query.is_enabled}
        onChange={(e) => actor.send({ type: 'filter.change', field: 'is_enabled', value: e.target.value })}
        options={[
          { value: '', label: t('supply.enabled.all') },
          { value: 'true', label: t('supply.enabled.true') },
          { value: 'false', label: t('supply.enabled.false') },
        ]}
      />
      <Button icon="swap-horizontal" variant="minimal" onClick={() => actor.send({ type: 'list.reload' })}>
        {t('supply.reload')}
      </Button>
    </div>
  );
}

/** An action button enabled only when the lifecycle machine allows it, with the reason as its tooltip. */
function LifecycleButton({
  row,
  type,
  role,
  label,
  onClick,
  intent,
  disabled,
}: {
  row: Row;
  type: SupplierEventType;
  role: string;
  label: string;
  onClick: () => void;
  intent?: Intent;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { allowed, reasonKey } = rowAvailability(row, type, role);
  const button = (
    <AnchorButton
      size="small"
      variant="minimal"
      intent={intent}
      disabled={!allowed || disabled}
      onClick={onClick}
      data-action={type}
    >
      {label}
    </AnchorButton>
  );
  return allowed ? button : <Tooltip content={t(reasonKey ?? 'supply.reason.notAllowed')}>{button}</Tooltip>;
}

function RowActions({ actor, row, role, busy }: { actor: ListActor; row: Row; role: string; busy: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const command = (type: SupplierEventType) =>
    actor.send({ type: 'row.command', id: row.id, command: { type } });
  const common = { row, role, disabled: busy };
  return (
    <div className="supply-row-actions">
      <LifecycleButton
        {...common}
        type="supplier.approve"
        intent={Intent.SUCCESS}
        label={t('supply.action.approve')}
        onClick={() => command('supplier.approve')}
      />
      <LifecycleButton
        {...common}
        type="supplier.reject"
        intent={Intent.DANGER}
        label={t('supply.action.reject')}
        onClick={() => actor.send({ type: 'row.reject', id: row.id })}
      />
      {row.is_enabled ? (
        <LifecycleButton
          {...common}
          type="supplier.close"
          label={t('supply.action.close')}
          onClick={() => command('supplier.close')}
        />
      ) : (
        <LifecycleButton
          {...common}
          type="supplier.enable"
          label={t('supply.action.enable')}
          onClick={() => command('supplier.enable')}
        />
      )}
      <LifecycleButton
        {...common}
        type="supplier.rank"
        label={t('supply.action.rank')}
        onClick={() => actor.send({ type: 'row.rank', id: row.id })}
      />
      <AnchorButton size="small" variant="minimal" onClick={() => navigate(`/supply/detail?id=${row.id}`)}>
        {t('supply.action.edit')}
      </AnchorButton>
    </div>
  );
}

function SupplierTable({ actor, role }: { actor: ListActor; role: string }) {
  const { t, i18n } = useTranslation();
  const items = useSelector(actor, selectItems);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const busy = useSelector(actor, selectIsBusy);
  const selected = useSelector(actor, (s) => s.context.selected);
  const query = useSelector(actor, selectQuery);
  const wide = useWideWindow(768);

  if (failed) {
    return (
      <NonIdealState
        className="supply-table-state"
        icon="error"
        title={t('supply.loadFailed')}
        description={loadError ? errorMessage(t, loadError) : undefined}
        action={<Button onClick={() => actor.send({ type: 'list.retry' })}>{t('supply.retry')}</Button>}
      />
    );
  }
  if (!loading && items.length === 0) {
    return (
      <NonIdealState
        className="supply-table-state"
        icon="search"
        title={t('supply.empty')}
        description={t('supply.empty.hint')}
      />
    );
  }

  const text = (render: (row: Row) => ReactNode) => (i: number) => (
    <Cell>{items[i] ? render(items[i]) : null}</Cell>
  );
  const sortable = (name: string, sort: 'ranking' | 'created_at' | 'order_num') => () => (
    <ColumnHeaderCell
      nameRenderer={() => (
        <button
          type="button"
          className="supply-sort"
          data-sort={sort}
          onClick={() => actor.send({ type: 'sort.change', sort })}
        >
          {name}
          {query.sort === sort && (
            <Icon icon={query.order === 'asc' ? 'chevron-up' : 'chevron-down'} size={12} />
          )}
        </button>
      )}
    />
  );
  const allOnPage = items.length > 0 && items.every((r) => selected.includes(r.id));

  return (
    <div className="supply-table">
      <Table
        numRows={loading && items.length === 0 ? 8 : items.length}
        loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
        enableRowHeader={false}
        // One page of rows at a time: render them in one pass rather than in batches that flash skeletons.
        renderMode={RenderMode.NONE}
        defaultRowHeight={34}
        // Fourteen columns are wider than a laptop screen: the table scrolls sideways inside its box, with
        // the checkbox, id and name frozen so a row stays identifiable (on a phone they would fill the box).
        numFrozenColumns={wide ? 3 : 0}
        columnWidths={[36, 50, 180, 100, 110, 76, 300, 72, 80, 66, 100, 110, 90, 160]}
        cellRendererDependencies={[items, selected, role, busy, i18n.language, query]}
      >
        <Column
          columnHeaderCellRenderer={() => (
            <ColumnHeaderCell
              nameRenderer={() => (
                <Checkbox
                  className="supply-check"
                  aria-label={t('supply.selectPage')}
                  checked={allOnPage}
                  onChange={() => actor.send({ type: 'selection.togglePage' })}
                />
              )}
            />
          )}
          cellRenderer={text((r) => (
            <Checkbox
              className="supply-check"
              aria-label={`#${r.id}`}
              checked={selected.includes(r.id)}
              onChange={() => actor.send({ type: 'selection.toggle', id: r.id })}
            />
          ))}
        />
        <Column name={t('supply.column.id')} cellRenderer={text((r) => r.id)} />
        <Column name={t('supply.column.name')} cellRenderer={text((r) => r.name)} />
        <Column
          name={t('supply.column.audit')}
          cellRenderer={text((r) => (
            <Tag minimal intent={AUDIT_INTENT[r.audit_state]}>
              {t(`supply.audit.${r.audit_state}`)}
            </Tag>
          ))}
        />
        <Column
          name={t('supply.column.state')}
          cellRenderer={text((r) =>
            r.state ? (
              <Tag minimal intent={STATE_INTENT[r.state]}>
                {t(`supply.state.${r.state}`)}
              </Tag>
            ) : (
              t('supply.state.none')
            ),
          )}
        />
        <Column
          name={t('supply.column.enabled')}
          cellRenderer={text((r) => (
            <span className={r.is_enabled ? '' : Classes.TEXT_MUTED}>
              {t(`supply.enabled.${r.is_enabled}`)}
            </span>
          ))}
        />
        <Column
          name={t('supply.column.actions')}
          cellRenderer={text((r) => (
            <RowActions actor={actor} row={r} role={role} busy={busy} />
          ))}
        />
        <Column
          name={t('supply.column.display')}
          cellRenderer={text((r) => t(`supply.display.${r.is_display}`))}
        />
        <Column
          columnHeaderCellRenderer={sortable(t('supply.column.ranking'), 'ranking')}
          cellRenderer={text((r) => r.ranking)}
        />
        <Column
          columnHeaderCellRenderer={sortable(t('supply.column.orderNum'), 'order_num')}
          cellRenderer={text((r) => r.order_num)}
        />
        <Column name={t('supply.column.realName')} cellRenderer={text((r) => r.real_name)} />
        <Column name={t('supply.column.mobile')} cellRenderer={text((r) => r.mobile)} />
        <Column name={t('supply.column.city')} cellRenderer={text((r) => r.city)} />
        <Column
          columnHeaderCellRenderer={sortable(t('supply.column.createdAt'), 'created_at')}
          cellRenderer={text((r) => new Date(r.created_at).toLocaleString(i18n.language))}
        />
      </Table>
    </div>
  );
}

function BulkBar({ actor, role }: { actor: ListActor; role: string }) {
  const { t } = useTranslation();
  const count = useSelector(actor, (s) => s.context.selected.length);
  const busy = useSelector(actor, selectIsBusy);
  if (count === 0) return null;
  const adminOnly = role !== 'admin';
  const bulk = (commandType: BulkCommandType) => actor.send({ type: 'bulk.command', commandType });
  const guarded = (label: string, type: BulkCommandType) => {
    const button = (
      <AnchorButton disabled={busy || adminOnly} onClick={() => bulk(type)} data-bulk={type}>
        {label}
      </AnchorButton>
    );
    return adminOnly ? <Tooltip content={t('supply.reason.adminOnly')}>{button}</Tooltip> : button;
  };
  return (
    <div className="supply-bulk">
      <span>{t('supply.selected', { count })}</span>
      <ButtonGroup>
        <AnchorButton disabled={busy} onClick={() => bulk('supplier.approve')} data-bulk="supplier.approve">
          {t('supply.bulk.approve')}
        </AnchorButton>
        {guarded(t('supply.bulk.enable'), 'supplier.enable')}
        {guarded(t('supply.bulk.close'), 'supplier.close')}
      </ButtonGroup>
      {busy && <Spinner size={16} />}
    </div>
  );
}

function ActionError({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.actionError);
  if (!error) return null;
  return (
    <Callout intent={Intent.DANGER} className="supply-action-error" icon="warning-sign">
      {errorMessage(t, error)}
    </Callout>
  );
}

function Pagination({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const { page, page_size } = useSelector(actor, selectQuery);
  const total = useSelector(actor, (s) => s.context.total);
  const pages = useSelector(actor, selectPageCount);
  return (
    <div className="supply-pagination">
      <span>{t('supply.total', { total })}</span>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('supply.prevPage')}
          disabled={page <= 1}
          onClick={() => actor.send({ type: 'page.change', page: page - 1 })}
        />
        <Button disabled>{t('supply.page', { page, pages })}</Button>
        <Button
          icon="chevron-right"
          aria-label={t('supply.nextPage')}
          disabled={page >= pages}
          onClick={() => actor.send({ type: 'page.change', page: page + 1 })}
        />
      </ButtonGroup>
      <HTMLSelect
        value={page_size}
        onChange={(e) => actor.send({ type: 'pageSize.change', pageSize: Number(e.target.value) })}
        options={[10, 20, 50, 100].map((size) => ({ value: size, label: t('supply.pageSize', { size }) }))}
      />
    </div>
  );
}

function RejectDialog({ actor }: { actor: ListActor }) {
  const open = useSelector(actor, selectDialog) === 'reject';
  const dialog = useSelector(actor, (s) => s.context.dialog);
  return (
    <RejectReasonDialog
      isOpen={open}
      name={dialog?.name ?? ''}
      reason={dialog?.reason ?? ''}
      invalid={dialog?.invalid ?? false}
      inputId="supply-reject-reason"
      send={actor.send}
    />
  );
}

function RankDialog({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, selectDialog) === 'rank';
  const dialog = useSelector(actor, (s) => s.context.dialog);
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: 'dialog.cancel' })}
      title={t('supply.rank.title', { name: dialog?.name ?? '' })}
    >
      <DialogBody>
        <FormGroup
          label={t('supply.rank.label')}
          labelFor="supply-rank"
          intent={dialog?.invalid ? Intent.DANGER : Intent.NONE}
          helperText={dialog?.invalid ? t('supply.rank.invalid') : undefined}
        >
          <InputGroup
            id="supply-rank"
            autoFocus
            inputMode="numeric"
            value={dialog?.ranking ?? ''}
            intent={dialog?.invalid ? Intent.DANGER : Intent.NONE}
            onChange={(e) => actor.send({ type: 'dialog.rankingChange', ranking: e.target.value })}
            onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'dialog.confirm' })}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'dialog.cancel' })}>{t('supply.dialog.cancel')}</Button>
            <Button intent={Intent.PRIMARY} onClick={() => actor.send({ type: 'dialog.confirm' })}>
              {t('supply.dialog.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

function BulkSummaryDialog({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const bulk = useSelector(actor, selectBulkSummary);
  const ok = bulk?.results.filter((r) => r.ok).length ?? 0;
  const failed = (bulk?.results.length ?? 0) - ok;
  return (
    <Dialog
      isOpen={bulk !== null}
      onClose={() => actor.send({ type: 'summary.close' })}
      title={t('supply.bulk.title')}
      className="supply-bulk-summary"
    >
      <DialogBody>
        <p className="supply-bulk-count">{t('supply.bulk.summary', { ok, failed })}</p>
        <ul className="supply-bulk-results">
          {bulk?.results.map((r) => (
            <li key={r.id} data-ok={r.ok}>
              <Icon icon={r.ok ? 'tick-circle' : 'error'} intent={r.ok ? Intent.SUCCESS : Intent.DANGER} />
              <div>
                <strong>
                  #{r.id} {r.name}
                </strong>
                {!r.ok && <div className={Classes.TEXT_MUTED}>{errorMessage(t, r.message)}</div>}
              </div>
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={() => actor.send({ type: 'summary.close' })}>
            {t('supply.bulk.ok')}
          </Button>
        }
      />
    </Dialog>
  );
}
