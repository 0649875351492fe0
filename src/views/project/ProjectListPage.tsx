import './project.css';
import {
  Button,
  Callout,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tooltip,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRole } from '@/machines/app/sessionMachine';
import type { ProjectEventType } from '@/machines/lifecycles/projectMachine';
import {
  projectListMachine,
  selectIsBusy,
  selectIsLoading,
  selectItems,
  selectLoadFailed,
  selectPageCount,
  selectQuery,
} from '@/machines/screens/projectListMachine';
import { rowAvailability } from '@/machines/screens/projectRows';
import { useAppActors } from '@/views/common/actors';
import { PageFrame } from '@/views/common/PageFrame';
import { showToast } from '@/views/common/toaster';
import { errorMessage } from '@/views/common/errorText';

type ListActor = ActorRefFrom<typeof projectListMachine>;
type Row = ReturnType<typeof selectItems>[number];

/** The project list: renders the list machine's snapshot and sends it events; the rules come from the lifecycle. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const actor = useActorRef(projectListMachine, { input: { role } });

  useEffect(() => {
    const sub = actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? t(e.key) }));
    return () => sub.unsubscribe();
  }, [actor, t]);

  return (
    <PageFrame
      title={t('project.title.list')}
      actions={
        <Button intent={Intent.PRIMARY} icon="add" onClick={() => navigate('/project/project')}>
          {t('project.action.create')}
        </Button>
      }
    >
      <div className="project-list">
        <Toolbar actor={actor} />
        <ActionError actor={actor} />
        <Body actor={actor} role={role} />
        <Pagination actor={actor} />
      </div>
    </PageFrame>
  );
}

function Toolbar({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const query = useSelector(actor, selectQuery);
  const searchText = useSelector(actor, (s) => s.context.searchText);
  return (
    <div className="project-toolbar">
      <InputGroup
        className="project-search"
        leftIcon="search"
        placeholder={t('project.search.placeholder')}
        value={searchText}
        onChange={(e) => actor.send({ type: 'query.type', text: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'query.submit' })}
        rightElement={
          <Button variant="minimal" onClick={() => actor.send({ type: 'query.submit' })}>
            {t('project.action.search')}
          </Button>
        }
      />
      <HTMLSelect
        aria-label={t('project.column.display')}
        value={query.is_display}
        onChange={(e) =>
          actor.send({
            type: 'filter.change',
            field: 'is_display',
            value: e.target.value as '' | 'true' | 'false',
          })
        }
        options={[
          { value: '', label: t('project.filter.display.all') },
          { value: 'true', label: t('project.filter.display.true') },
          { value: 'false', label: t('project.filter.display.false') },
        ]}
      />
      <HTMLSelect
        aria-label={t('project.column.enabled')}
        value={query.is_enabled}
        onChange={(e) =>
          actor.send({
            type: 'filter.change',
            field: 'is_enabled',
            value: e.target.value as '' | 'true' | 'false',
          })
        }
        options={[
          { value: '', label: t('project.filter.enabled.all') },
          { value: 'true', label: t('project.filter.enabled.true') },
          { value: 'false', label: t('project.filter.enabled.false') },
        ]}
      />
      <HTMLSelect
        aria-label={t('project.sort.label')}
        value={query.sort}
        onChange={(e) =>
          actor.send({ type: 'sort.change', sort: e.target.value as 'ranking' | 'created_at' | 'min_price' })
        }
        options={(['ranking', 'created_at', 'min_price'] as const).map((s) => ({
          value: s,
          label: `${t('project.sort.label')}: ${t(`project.sort.${s}`)}`,
        }))}
      />
      <Button
        variant="minimal"
        title={t(`project.sort.${query.order}`)}
        onClick={() => actor.send({ type: 'sort.change', sort: query.sort })}
      >
        {query.order === 'asc' ? '↑' : '↓'} {t(`project.sort.${query.order}`)}
      </Button>
    </div>
  );
}

function ActionError({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const error = useSelector(actor, (s) => s.context.actionError);
  return error ? <Callout intent={Intent.DANGER}>{errorMessage(t, error)}</Callout> : null;
}

function Body({ actor, role }: { actor: ListActor; role: string | null }) {
  const { t } = useTranslation();
  const items = useSelector(actor, selectItems);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, (s) => s.context.loadError);

  if (failed) {
    return (
      <NonIdealState
        icon="error"
        title={t('project.loadFailed')}
        description={loadError ? errorMessage(t, loadError) : undefined}
        action={
          <Button onClick={() => actor.send({ type: 'list.retry' })}>{t('project.action.retry')}</Button>
        }
      />
    );
  }
  if (loading && items.length === 0) return <Spinner />;
  if (items.length === 0) {
    return (
      <NonIdealState
        icon="projects"
        title={t('project.empty.title')}
        description={t('project.empty.description')}
      />
    );
  }
  return (
    <div className="project-table-wrap">
      <HTMLTable className="project-table" striped interactive={false} compact>
        <thead>
          <tr>
            <th>{t('project.column.ranking')}</th>
            <th>{t('project.column.cover')}</th>
            <th>{t('project.column.name')}</th>
            <th>{t('project.column.price')}</th>
            <th>{t('project.column.duration')}</th>
            <th>{t('project.column.summary')}</th>
            <th>{t('project.column.display')}</th>
            <th>{t('project.column.enabled')}</th>
            <th>{t('project.column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <ProjectRow key={row.id} actor={actor} row={row} role={role} />
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export function priceText(t: (key: string, o?: Record<string, unknown>) => string, row: Row): string {
  return row.max_price === null || row.max_price === row.min_price
    ? t('project.price.single', { min: row.min_price })
    : t('project.price.range', { min: row.min_price, max: row.max_price });
}

function ProjectRow({ actor, row, role }: { actor: ListActor; row: Row; role: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const busy = useSelector(actor, selectIsBusy);
  return (
    <tr data-project-id={row.id}>
      <td>{row.ranking}</td>
      <td>
        <CoverThumb src={row.cover} />
      </td>
      <td>
        <a
          href={`/project/project?id=${row.id}`}
          onClick={(e) => {
            e.preventDefault();
            void navigate(`/project/project?id=${row.id}`);
          }}
        >
          {row.project_name}
        </a>
      </td>
      <td>{priceText(t, row)}</td>
      <td>
        {row.duration === null
          ? t('project.duration.none')
          : t('project.duration.minutes', { n: row.duration })}
      </td>
      <td>
        <div className="project-summary" title={row.summary}>
          {row.summary}
        </div>
      </td>
      <td>
        <Toggle
          actor={actor}
          row={row}
          role={role}
          busy={busy}
          on={row.is_display}
          onType="project.show"
          offType="project.hide"
          label={t(`project.display.${row.is_display}`)}
        />
      </td>
      <td>
        <Toggle
          actor={actor}
          row={row}
          role={role}
          busy={busy}
          on={row.is_enabled}
          onType="project.enable"
          offType="project.close"
          label={t(`project.enabled.${row.is_enabled}`)}
        />
      </td>
      <td>
        <Button size="small" variant="minimal" onClick={() => navigate(`/project/project?id=${row.id}`)}>
          {t('project.action.edit')}
        </Button>
      </td>
    </tr>
  );
}

/** A switch whose flip is the lifecycle command; disabled with the machine's reason when it would be refused. */
function Toggle(props: {
  actor: ListActor;
  row: Row;
  role: string | null;
  busy: boolean;
  on: boolean;
  onType: ProjectEventType;
  offType: ProjectEventType;
  label: string;
}) {
  const { t } = useTranslation();
  const type = props.on ? props.offType : props.onType;
  const { allowed, reasonKey } = rowAvailability(props.row, type, props.role);
  const control = (
    <Switch
      className="project-toggle"
      checked={props.on}
      disabled={!allowed || props.busy}
      label={props.label}
      aria-label={`${props.row.project_name}: ${t(`project.action.${type.split('.')[1]}`)}`}
      onChange={() => props.actor.send({ type: 'row.command', id: props.row.id, command: { type } })}
    />
  );
  return allowed || !reasonKey ? control : <Tooltip content={t(reasonKey)}>{control}</Tooltip>;
}

function Pagination({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const query = useSelector(actor, selectQuery);
  const pages = useSelector(actor, selectPageCount);
  const total = useSelector(actor, (s) => s.context.total);
  return (
    <div className="project-pagination">
      <span>{t('project.pagination', { page: query.page, pages, total })}</span>
      <Button
        disabled={query.page <= 1}
        onClick={() => actor.send({ type: 'page.change', page: query.page - 1 })}
      >
        {t('project.prev')}
      </Button>
      <Button
        disabled={query.page >= pages}
        onClick={() => actor.send({ type: 'page.change', page: query.page + 1 })}
      >
        {t('project.next')}
      </Button>
    </div>
  );
}

/** The cover in the list: the image, or the same grey placeholder when there is none or it cannot be loaded. */
function CoverThumb({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return <div className="project-thumb project-thumb-empty" data-testid="cover-placeholder" />;
  return <img className="project-thumb" src={src} alt="" onError={() => setFailed(src)} />;
}
