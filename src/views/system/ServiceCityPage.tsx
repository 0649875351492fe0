import './system.css';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import {
  rowActions,
  selectBusy,
  selectPageCount,
  serviceCityListMachine,
  type ServiceCityListContext,
} from '@/machines/screens/serviceCityListMachine';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { LoadFailed, ReadOnlyNotice } from './SystemShared';
import { errorMessage } from '@/views/common/errorText';

type ListActor = ActorRefFrom<typeof serviceCityListMachine>;
type CitySort = ServiceCityListContext['query']['sort'];

/** /system/service-city: renders the list machine and sends it events; row actions as the lifecycle allows. */
export default function ServiceCityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(serviceCityListMachine, { input: { role } });

  useEffect(() => {
    const sub = actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) }));
    return () => sub.unsubscribe();
  }, [actor, t]);
  // Cached tab shown again (e.g. back from the edit page): reload. The first load is already under way.
  const location = useLocation();
  useEffect(() => {
    if (location.pathname === '/system/service-city') actor.send({ type: 'list.refresh' });
  }, [actor, location.pathname, location.key]);

  return (
    <PageFrame
      title={t('system.city.title.list')}
      actions={
        role === 'admin' ? (
          <Button intent={Intent.PRIMARY} icon="add" onClick={() => navigate('/system/update-service-city')}>
            {t('system.city.action.create')}
          </Button>
        ) : undefined
      }
    >
      <div className="system-page">
        {role !== 'admin' && <ReadOnlyNotice role={role} />}
        <Toolbar actor={actor} />
        <ActionError actor={actor} />
        <CityTable actor={actor} role={role} />
        <Pagination actor={actor} />
        <DeleteDialog actor={actor} />
      </div>
    </PageFrame>
  );
}

function Toolbar({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const text = useSelector(actor, (s) => s.context.searchText);
  return (
    <div className="system-toolbar">
      <InputGroup
        leftIcon="search"
        placeholder={t('system.city.search.placeholder')}
        value={text}
        onChange={(e) => actor.send({ type: 'query.type', text: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'query.submit' })}
      />
      <Button onClick={() => actor.send({ type: 'query.submit' })}>{t('system.city.search.submit')}</Button>
    </div>
  );
}

function ActionError({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.actionError);
  if (!error) return null;
  return (
    <Callout intent={Intent.DANGER} icon="error" className="system-action-error">
      {errorMessage(t, error)}
    </Callout>
  );
}

function SortHeader({ actor, sort, label }: { actor: ListActor; sort: CitySort; label: string }) {
  const query = useSelector(actor, (s) => s.context.query);
  const active = query.sort === sort;
  return (
    <Button
      variant="minimal"
      size="small"
      aria-label={label}
      endIcon={active ? (query.order === 'asc' ? 'arrow-up' : 'arrow-down') : undefined}
      onClick={() => actor.send({ type: 'sort.change', sort })}
    >
      {label}
    </Button>
  );
}

function CityTable({ actor, role }: { actor: ListActor; role: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const items = useSelector(actor, (s) => s.context.items);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const busy = useSelector(actor, selectBusy);
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));

  if (loadError) return <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'list.retry' })} />;
  if (loading && items.length === 0) return <Spinner />;
  if (items.length === 0) return <NonIdealState icon="map" title={t('system.city.empty')} />;

  return (
    <HTMLTable className="system-table" striped interactive aria-busy={busy}>
      <thead>
        <tr>
          <th>
            <SortHeader actor={actor} sort="ranking" label={t('system.city.col.ranking')} />
          </th>
          <th>
            <SortHeader actor={actor} sort="name" label={t('system.city.col.name')} />
          </th>
          <th>{t('system.city.col.status')}</th>
          <th>{t('system.city.col.suppliers')}</th>
          <th>
            <SortHeader actor={actor} sort="created_at" label={t('system.city.col.created')} />
          </th>
          <th>{t('system.city.col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((city) => {
          const actions = rowActions(city, role);
          const inUse = (city.supplier_count ?? 0) > 0;
          const deleteReason = !actions.remove.allowed
            ? t(actions.remove.reasonKey!)
            : inUse
              ? t('system.city.reason.inUse', { count: city.supplier_count })
              : null;
          return (
            <tr key={city.id} data-city={city.name}>
              <td>{city.ranking}</td>
              <td>{city.name}</td>
              <td>
                <Tooltip
                  content={actions.toggle.allowed ? '' : t(actions.toggle.reasonKey!)}
                  disabled={actions.toggle.allowed}
                >
                  <Switch
                    className="system-toggle"
                    checked={city.is_enabled}
                    disabled={!actions.toggle.allowed || busy}
                    label={t(city.is_enabled ? 'system.city.status.enabled' : 'system.city.status.closed')}
                    aria-label={t(city.is_enabled ? 'system.city.action.close' : 'system.city.action.enable')}
                    onChange={() => actor.send({ type: 'row.toggle', id: city.id })}
                  />
                </Tooltip>
              </td>
              <td>
                <Tag minimal round>
                  {city.supplier_count ?? 0}
                </Tag>
              </td>
              <td>{new Date(city.created_at).toLocaleDateString(i18n.language)}</td>
              <td>
                <div className="system-row-actions">
                  <Button
                    size="small"
                    icon="edit"
                    onClick={() => navigate(`/system/update-service-city?id=${city.id}`)}
                  >
                    {t('system.city.action.edit')}
                  </Button>
                  <Tooltip content={deleteReason ?? ''} disabled={!deleteReason}>
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      variant="outlined"
                      disabled={!actions.remove.allowed || busy}
                      onClick={() => actor.send({ type: 'row.delete', id: city.id })}
                    >
                      {t('system.city.action.delete')}
                      {inUse && actions.remove.allowed && <Icon icon="info-sign" size={12} />}
                    </Button>
                  </Tooltip>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

function Pagination({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const page = useSelector(actor, (s) => s.context.query.page);
  const total = useSelector(actor, (s) => s.context.total);
  const pages = useSelector(actor, selectPageCount);
  return (
    <div className="system-pagination">
      <span>{t('system.city.total', { total })}</span>
      <Button
        size="small"
        icon="chevron-left"
        disabled={page <= 1}
        aria-label={t('system.city.prev')}
        onClick={() => actor.send({ type: 'page.change', page: page - 1 })}
      />
      <span>{t('system.city.page', { page, pages })}</span>
      <Button
        size="small"
        icon="chevron-right"
        disabled={page >= pages}
        aria-label={t('system.city.next')}
        onClick={() => actor.send({ type: 'page.change', page: page + 1 })}
      />
    </div>
  );
}

function DeleteDialog({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const deleting = useSelector(actor, (s) => s.matches('deleting'));
  const target = useSelector(actor, (s) => s.context.target);
  return (
    <Dialog
      isOpen={open}
      title={t('system.city.delete.title')}
      icon="trash"
      onClose={() => actor.send({ type: 'dialog.cancel' })}
    >
      <DialogBody>{t('system.city.delete.body', { name: target?.name ?? '' })}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'dialog.cancel' })} disabled={deleting}>
              {t('system.common.cancel')}
            </Button>
            <Button
              intent={Intent.DANGER}
              loading={deleting}
              onClick={() => actor.send({ type: 'dialog.confirm' })}
            >
              {t('system.city.delete.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
