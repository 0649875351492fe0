import { Button, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ServiceCityListItem } from '@/contract/serviceCities';
import { allowedOn } from '@/machines/screens/listScreenMachine';
import { SERVICE_CITY_SPEC, serviceCityList, serviceCityScreen } from '@/machines/screens/serviceCityScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ActionButton,
  ActionSwitch,
  EntityTable,
  ListActionError,
  ListCommandDialog,
  ListToolbar,
  Pagination,
  useListScreen,
  type ColumnDeclaration,
  type ListActor,
} from '@/views/kit/listScreen';
import { RowTag } from '@/views/kit/rowControls';
import { ReadOnlyNotice, useCityDialogs } from './SystemShared';
import { atMinute } from '@/views/common/when';

/** /system/service-city: the service cities, declared on the view kit. */
export default function ServiceCityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cityDialogs = useCityDialogs();
  const actor = useListScreen(serviceCityList, {
    path: '/system/service-city',
    spec: SERVICE_CITY_SPEC,
    entity: serviceCityScreen,
  });
  const mayCreate = useSelector(actor, (s) => allowedOn(s, null, 'serviceCity.create').ok);
  const role = useSelector(actor, (s) => s.context.role);
  return (
    <PageFrame
      title={t('system.city.title.list')}
      actions={
        mayCreate ? (
          <Button intent={Intent.PRIMARY} icon="add" onClick={() => navigate('/system/update-service-city')}>
            {t('system.city.action.create')}
          </Button>
        ) : undefined
      }
    >
      <div className="kit-list system-page">
        {!mayCreate && <ReadOnlyNotice role={role} />}
        <ListToolbar
          actor={actor}
          placeholder={t('system.city.search.placeholder')}
          filters={[
            {
              field: 'is_enabled',
              label: t('system.city.col.status'),
              anyLabel: t('system.city.filter.all'),
              options: [
                { value: 'true', label: t('system.city.status.enabled') },
                { value: 'false', label: t('system.city.status.closed') },
              ],
            },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<ServiceCityListItem>
          actor={actor}
          className="city-table"
          columns={useColumns(actor)}
          emptyTitle={t('system.city.empty')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog actor={actor} dialogs={cityDialogs} />
      </div>
    </PageFrame>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<ServiceCityListItem>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'ranking',
      header: t('system.city.col.ranking'),
      width: 80,
      sort: 'ranking',
      render: (c) => c.ranking,
    },
    {
      key: 'name',
      header: t('system.city.col.name'),
      width: 160,
      sort: 'name',
      render: (c) => <span data-city={c.name}>{c.name}</span>,
    },
    {
      key: 'status',
      header: t('system.city.col.status'),
      width: 120,
      render: (c) => (
        <ActionSwitch
          actor={actor}
          row={c}
          on={c.is_enabled}
          onType="serviceCity.enable"
          offType="serviceCity.close"
          confirmOff
          label={t(`system.city.status.${c.is_enabled ? 'enabled' : 'closed'}`)}
          ariaLabel={`${c.name}: ${t('system.city.status.enabled')}`}
        />
      ),
    },
    {
      key: 'suppliers',
      header: t('system.city.col.suppliers'),
      width: 90,
      render: (c) => <RowTag round>{c.supplier_count ?? 0}</RowTag>,
    },
    {
      key: 'created_at',
      header: t('system.city.col.created'),
      width: 170,
      sort: 'created_at',
      render: (c) => atMinute(c.created_at, i18n.language),
    },
    {
      key: 'actions',
      header: t('system.city.col.actions'),
      width: 160,
      render: (c) => (
        <div className="kit-row-actions">
          <OpenCityButton actor={actor} city={c} />
          <ActionButton
            actor={actor}
            row={c}
            type="serviceCity.delete"
            intent={Intent.DANGER}
            label={t('system.city.action.delete')}
            ask=""
          />
        </div>
      ),
    },
  ];
}

/** Opens a city's page: "Edit" for whom the policy lets change it (as its page's title says), "View" otherwise. */
function OpenCityButton({ actor, city }: { actor: ListActor; city: ServiceCityListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayEdit = useSelector(actor, (s) => allowedOn(s, city, 'serviceCity.rank').ok);
  return (
    <Button
      size="small"
      variant="minimal"
      onClick={() => navigate(`/system/update-service-city?id=${city.id}`)}
    >
      {t(mayEdit ? 'system.city.action.edit' : 'system.city.action.view')}
    </Button>
  );
}
