import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProjectListItem } from '@/contract/projects';
import { PROJECT_SPEC, projectList, projectScreen } from '@/machines/screens/projectScreens';
import { groupThousands } from '@/machines/lifecycles/money';
import { PageFrame } from '@/views/common/PageFrame';
import { closeProjectDialog } from './closeDialog';
import {
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
import { onDay } from '@/views/common/when';

/** /project/list: the projects, declared on the view kit (columns, filters, actions). */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useListScreen(projectList, {
    path: '/project/list',
    spec: PROJECT_SPEC,
    entity: projectScreen,
  });
  const yesNo = (field: 'is_display' | 'is_enabled', key: 'display' | 'enabled') => ({
    field,
    label: t(`project.column.${key}`),
    anyLabel: t(`project.filter.${key}.all`),
    options: [
      { value: 'true', label: t(`project.filter.${key}.true`) },
      { value: 'false', label: t(`project.filter.${key}.false`) },
    ],
  });
  return (
    <PageFrame
      title={t('project.title.list')}
      actions={
        <Button intent={Intent.PRIMARY} icon="add" onClick={() => navigate('/project/project')}>
          {t('project.action.create')}
        </Button>
      }
    >
      <div className="kit-list project-list">
        <ListToolbar
          actor={actor}
          placeholder={t('project.search.placeholder')}
          filters={[
            yesNo('is_display', 'display'),
            yesNo('is_enabled', 'enabled'),
            {
              field: 'kind',
              label: t('project.field.kind'),
              anyLabel: t('project.filter.kind.all'),
              options: ['normal', 'renewable'].map((k) => ({ value: k, label: t(`project.kind.${k}`) })),
            },
          ]}
        />
        <ListActionError actor={actor} />
        <EntityTable<ProjectListItem>
          actor={actor}
          className="project-table"
          columns={useColumns(actor)}
          emptyTitle={t('project.empty.title')}
          emptyHint={t('project.empty.description')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name) => (type === 'project.close' ? closeProjectDialog(t, name) : undefined)}
        />
      </div>
    </PageFrame>
  );
}

export function priceText(
  t: (key: string, o?: Record<string, unknown>) => string,
  row: ProjectListItem,
): string {
  const min = groupThousands(row.min_price);
  return row.max_price === null || row.max_price === row.min_price
    ? t('project.price.single', { min })
    : t('project.price.range', { min, max: groupThousands(row.max_price) });
}

function useColumns(actor: ListActor): ColumnDeclaration<ProjectListItem>[] {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return [
    {
      key: 'ranking',
      header: t('project.column.ranking'),
      width: 76,
      sort: 'ranking',
      render: (r) => r.ranking,
    },
    {
      key: 'cover',
      header: t('project.column.cover'),
      width: 84,
      render: (r) => <CoverThumb src={r.cover} />,
    },
    {
      key: 'name',
      header: t('project.column.name'),
      width: 180,
      render: (r) => (
        <a
          href={`/project/project?id=${r.id}`}
          data-project-id={r.id}
          onClick={(e) => {
            e.preventDefault();
            void navigate(`/project/project?id=${r.id}`);
          }}
        >
          {r.project_name}
        </a>
      ),
    },
    {
      key: 'price',
      header: t('project.column.price'),
      width: 130,
      sort: 'min_price',
      render: (r) => priceText(t, r),
    },
    {
      key: 'kind',
      header: t('project.field.kind'),
      width: 150,
      render: (r) =>
        r.kind === 'renewable' && r.renewal_unit
          ? t('project.kind.renewableEach', {
              price: groupThousands(r.renewal_unit_price ?? ''),
              unit: t(`project.unit.${r.renewal_unit}`),
            })
          : t(`project.kind.${r.kind}`),
    },
    {
      key: 'duration',
      header: t('project.column.duration'),
      width: 90,
      render: (r) =>
        r.duration === null ? t('project.duration.none') : t('project.duration.minutes', { n: r.duration }),
    },
    {
      key: 'summary',
      header: t('project.column.summary'),
      width: 240,
      render: (r) => <span title={r.summary}>{r.summary}</span>,
    },
    {
      key: 'display',
      header: t('project.column.display'),
      width: 110,
      render: (r) => (
        <ActionSwitch
          actor={actor}
          row={r}
          on={r.is_display}
          onType="project.show"
          offType="project.hide"
          label={t(`project.display.${r.is_display}`)}
          ariaLabel={`${r.project_name}: ${t('project.display.true')}`}
        />
      ),
    },
    {
      key: 'enabled',
      header: t('project.column.enabled'),
      width: 110,
      render: (r) => (
        <ActionSwitch
          actor={actor}
          row={r}
          on={r.is_enabled}
          onType="project.enable"
          offType="project.close"
          confirmOff
          label={t(`project.enabled.${r.is_enabled}`)}
          ariaLabel={`${r.project_name}: ${t('project.enabled.true')}`}
        />
      ),
    },
    {
      key: 'created_at',
      header: t('project.column.created'),
      width: 90,
      sort: 'created_at',
      render: (r) => onDay(r.created_at, i18n.language),
    },
    {
      key: 'actions',
      header: t('project.column.actions'),
      width: 80,
      render: (r) => (
        <Button size="small" variant="minimal" onClick={() => navigate(`/project/project?id=${r.id}`)}>
          {t('project.action.edit')}
        </Button>
      ),
    },
  ];
}

/** The cover in the list: the image, or the same grey placeholder when there is none or it cannot be loaded. */
export function CoverThumb({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return <div className="kit-thumb kit-thumb-empty" data-testid="cover-placeholder" />;
  return <img className="kit-thumb project-thumb" src={src} alt="" onError={() => setFailed(src)} />;
}
