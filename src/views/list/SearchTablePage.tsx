import { Button, Intent, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChannelDto } from '@/contract/channels';
import { allowedOn } from '@/machines/screens/listScreenMachine';
import { CHANNEL_SPEC, channelList, channelScreen } from '@/machines/screens/channelScreens';
import { PageFrame } from '@/views/common/PageFrame';
import {
  ActionSwitch,
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
import './searchTable.css';
import { atMinute, onDay } from '@/views/common/when';

/**
 * /list/search-table: the promotion channels the step form created — tabs by state with counts, search over the
 * name, source and media, filters (type, promotion start, a keyword by clicking it), sorts, paging and CSV export;
 * taken offline and back online where the lifecycle and the policy allow. Declared on the view kit.
 */
export default function SearchTablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = useListScreen(channelList, {
    path: '/list/search-table',
    spec: CHANNEL_SPEC,
    entity: channelScreen,
  });
  const mayCreate = useSelector(actor, (s) => allowedOn(s, null, 'channel.create').ok);
  return (
    <PageFrame
      title={t('menu.list.searchTable')}
      actions={
        mayCreate ? (
          <Button intent={Intent.PRIMARY} icon="add" onClick={() => navigate('/form/step')}>
            {t('channel.action.create')}
          </Button>
        ) : undefined
      }
    >
      <div className="kit-list channel-list">
        <ListTabs actor={actor} labelKey={(tab) => `channel.tab.${tab}`} />
        <ListToolbar
          actor={actor}
          placeholder={t('channel.search.placeholder')}
          filters={[
            {
              field: 'channel_type',
              label: t('channel.column.type'),
              anyLabel: t('channel.type.all'),
              options: CHANNEL_SPEC.filters.channel_type.values.map((v) => ({
                value: v,
                label: t(`channel.type.${v}`),
              })),
            },
            { field: 'promoted', label: t('channel.filter.promoted'), anyLabel: '', range: 'date' },
          ]}
        />
        <KeywordFilter actor={actor} />
        <ListActionError actor={actor} />
        <EntityTable<ChannelDto>
          actor={actor}
          className="channel-table"
          frozen={1}
          columns={useColumns(actor)}
          emptyTitle={t('channel.empty')}
          emptyHint={t('channel.empty.hint')}
        />
        <Pagination actor={actor} />
        <ListCommandDialog
          actor={actor}
          dialogs={(type, name) =>
            type === 'channel.takeOffline'
              ? {
                  title: t('channel.takeOffline.title', { name }),
                  label: t('channel.takeOffline.body'),
                  confirm: t('channel.action.takeOffline'),
                  intent: Intent.DANGER,
                }
              : undefined
          }
        />
      </div>
    </PageFrame>
  );
}

/** The keyword the list is narrowed to (by clicking one in the table), removable. */
function KeywordFilter({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const keyword = useSelector(actor, (s) => s.context.query.keyword ?? '');
  if (!keyword) return null;
  return (
    <div className="channel-keyword-filter">
      <Tag
        large
        minimal
        intent={Intent.PRIMARY}
        data-testid="channel-filter-keyword"
        onRemove={() => actor.send({ type: 'filter.change', field: 'keyword', value: '' })}
      >
        {t('channel.filter.keyword', { keyword })}
      </Tag>
    </div>
  );
}

function useColumns(actor: ListActor): ColumnDeclaration<ChannelDto>[] {
  const { t, i18n } = useTranslation();
  const day = (iso: string) => onDay(`${iso}T00:00:00`, i18n.language);
  return [
    {
      key: 'name',
      header: t('channel.column.name'),
      width: 170,
      render: (c) => (
        <span className="channel-name" title={c.ad_content}>
          {c.name}
        </span>
      ),
    },
    {
      key: 'state',
      header: t('channel.column.state'),
      width: 120,
      // The switch shows the state; flipping it is the lifecycle command, offered when allowed. Taking a channel
      // offline asks first: once its promotion has ended it cannot be brought back.
      render: (c) => (
        <span data-channel-state={c.state}>
          <ActionSwitch
            actor={actor}
            row={c}
            on={c.state === 'online'}
            onType="channel.bringOnline"
            offType="channel.takeOffline"
            confirmOff
            label={t(`channel.state.${c.state}`)}
            ariaLabel={`${c.name}: ${t('channel.state.online')}`}
          />
        </span>
      ),
    },
    {
      key: 'type',
      header: t('channel.column.type'),
      width: 120,
      render: (c) => t(`channel.type.${c.channel_type}`),
    },
    {
      key: 'promote_from',
      header: t('channel.column.time'),
      width: 200,
      sort: 'promote_from',
      render: (c) => `${day(c.promote_from)} – ${day(c.promote_to)}`,
    },
    {
      key: 'source',
      header: t('channel.column.source'),
      width: 200,
      render: (c) => (
        <span className="channel-cell-text" title={`${c.ad_source} · ${c.ad_media}`}>
          {c.ad_source} <span className="kit-muted">· {c.ad_media}</span>
        </span>
      ),
    },
    {
      key: 'keywords',
      header: t('channel.column.keywords'),
      width: 200,
      render: (c) => (
        <span className="channel-keywords">
          {c.keywords.map((k) => (
            <Tag
              key={k}
              minimal
              round
              interactive
              data-keyword={k}
              onClick={() => actor.send({ type: 'filter.change', field: 'keyword', value: k })}
            >
              {k}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'link',
      header: t('channel.column.link'),
      width: 220,
      render: (c) => (
        <a className="channel-cell-text" href={c.promote_link} target="_blank" rel="noreferrer noopener">
          {c.promote_link}
        </a>
      ),
    },
    {
      key: 'created_at',
      header: t('channel.column.created'),
      width: 170,
      sort: 'created_at',
      render: (c) => atMinute(c.created_at, i18n.language),
    },
  ];
}
