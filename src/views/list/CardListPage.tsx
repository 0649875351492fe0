import './cardList.css';
import { Card, Classes, H5, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProjectListItem } from '@/contract/projects';
import { selectIsLoading, selectLoadFailed } from '@/machines/screens/listScreenMachine';
import { PROJECT_SPEC, projectList, projectScreen } from '@/machines/screens/projectScreens';
import { PageFrame } from '@/views/common/PageFrame';
import { LoadFailedState } from '@/views/kit/ErrorCallout';
import {
  ActionButton,
  ListActionError,
  ListCommandDialog,
  ListToolbar,
  Pagination,
  useListScreen,
  type ListActor,
} from '@/views/kit/listScreen';
import { CoverThumb, priceText } from '@/views/project/ProjectListPage';

/**
 * /list/card: the service projects as cards — the project list's own machine and query (search, filters, paging in
 * the URL), each card with the lifecycle commands this member may send to it now (closing asks first).
 */
export default function CardListPage() {
  const { t } = useTranslation();
  const actor = useListScreen(projectList, {
    path: '/list/card',
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
    <PageFrame title={t('starter.cards.title')}>
      <div className="kit-list card-list">
        <ListToolbar
          actor={actor}
          placeholder={t('project.search.placeholder')}
          filters={[yesNo('is_display', 'display'), yesNo('is_enabled', 'enabled')]}
          exportable={false}
        />
        <ListActionError actor={actor} />
        <ProjectCards actor={actor} />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name) =>
            type === 'project.close'
              ? {
                  title: t('starter.cards.close.title', { name }),
                  label: t('starter.cards.close.text'),
                  confirm: t('project.action.close'),
                  intent: Intent.DANGER,
                }
              : undefined
          }
        />
      </div>
    </PageFrame>
  );
}

/** The page of projects as a grid of cards, or its loading, failed or empty state. */
function ProjectCards({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const items = useSelector(actor, (s) => s.context.items) as unknown as ProjectListItem[];
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  if (failed)
    return (
      <LoadFailedState
        className="card-list-state"
        error={loadError}
        title={t('list.loadFailed')}
        onRetry={() => actor.send({ type: 'list.retry' })}
      />
    );
  if (!loading && items.length === 0)
    return (
      <NonIdealState
        className="card-list-state"
        icon="search"
        title={t('project.empty.title')}
        description={t('project.empty.description')}
      />
    );
  if (items.length === 0)
    return (
      <div className="card-list-grid" aria-busy="true" data-testid="card-list-loading">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={`card-list-skeleton ${Classes.SKELETON}`} />
        ))}
      </div>
    );
  return (
    <div className={`card-list-grid ${loading ? 'card-list-reloading' : ''}`} aria-busy={loading}>
      {items.map((project) => (
        <ProjectCard key={project.id} actor={actor} project={project} />
      ))}
    </div>
  );
}

function ProjectCard({ actor, project }: { actor: ListActor; project: ProjectListItem }) {
  const { t } = useTranslation();
  const action = (type: string, intent?: Intent, ask?: string) => (
    <ActionButton
      actor={actor}
      row={project}
      type={type}
      intent={intent}
      ask={ask}
      label={t(`project.action.${type.split('.')[1]}`)}
      onlyWhenAllowed
    />
  );
  const href = `/project/project?id=${project.id}`;
  return (
    <Card
      className="card-list-card"
      data-testid="project-card"
      data-project-id={project.id}
      data-display={project.is_display}
      data-enabled={project.is_enabled}
    >
      <Link to={href} className="card-list-cover" tabIndex={-1} aria-hidden>
        <CoverThumb src={project.cover} />
      </Link>
      <div className="card-list-body">
        <H5 className="card-list-name" title={project.project_name}>
          <Link to={href}>{project.project_name}</Link>
        </H5>
        <div className="card-list-price">{priceText(t, project)}</div>
        <div className="card-list-tags">
          <Tag minimal intent={project.is_display ? Intent.SUCCESS : Intent.NONE} data-testid="card-display">
            {t(`project.display.${project.is_display}`)}
          </Tag>
          <Tag
            minimal
            intent={project.is_enabled ? Intent.SUCCESS : Intent.DANGER}
            data-testid="card-enabled"
          >
            {t(`project.enabled.${project.is_enabled}`)}
          </Tag>
        </div>
        <p className={`card-list-summary ${Classes.TEXT_MUTED}`} title={project.summary}>
          {project.summary}
        </p>
      </div>
      <div className="card-list-actions">
        {action('project.show', Intent.SUCCESS)}
        {action('project.hide')}
        {action('project.enable', Intent.PRIMARY)}
        {action('project.close', Intent.DANGER, '')}
        <Link to={href} className="card-list-open">
          {t('starter.cards.open')}
        </Link>
      </div>
    </Card>
  );
}
