import '@blueprintjs/table/lib/css/table.css';
import './kit.css';
import {
  AnchorButton,
  Button,
  ButtonGroup,
  Callout,
  Checkbox,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Switch,
  Tab,
  Tabs,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { Spinner } from './Spinner';
import { Dialog } from './Dialog';
import { Select } from './Select';
import { Cell, Column, ColumnHeaderCell, RenderMode, Table, TableLoadingOption } from '@blueprintjs/table';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { isFilterValue } from '@/contract/list';
import { joinSentences } from '@/i18n';
import { halfWidthAmount, parseYuan } from '@/machines/lifecycles/money';
import { selectRole, selectUser } from '@/machines/app/sessionMachine';
import {
  allowedOn,
  allowedOnSelection,
  paramsOfQuery,
  selectBulkSummary,
  selectDialog,
  selectIsBusy,
  selectIsFiltered,
  selectIsLoading,
  selectLoadFailed,
  selectReversedRanges,
  selectPageCount,
  selectTotalIsAtLeast,
  selectFiguresKnown,
  type listScreenMachine,
  type ScreenListSpec,
} from '@/machines/screens/listScreenMachine';
import type { ScreenEntity } from '@/machines/screens/screenEntity';
import type { CommandBody } from '@/machines/screens/screenEntity';
import { useAppActors } from '@/views/common/actors';
import { fillWidths, scrollbarWidth, useBoxWidth } from './columnWidths';
import { CountedHelper } from './CountedHelper';
import { describedField } from './describedField';
import { ReasonTip } from './ReasonTip';
import { RowButton } from './rowControls';
import { followPane, useFocusKeptInTable } from './tableKeyboard';
import { errorMessage } from '@/views/common/errorText';
import { yuan } from '@/views/common/money';
import { showToast, toastText } from '@/views/common/toaster';
import { ErrorCallout, LoadFailedState } from './ErrorCallout';

/**
 * The view kit of every list: one hook that runs a list machine with its query in the URL, and the parts a list
 * page is made of — tabs with counts, toolbar (search, filters, export), bulk bar, the table, pagination, the
 * command dialog and the bulk summary. A page declares its columns, filters and actions; it decides nothing.
 */

export type ListActor = ActorRefFrom<typeof listScreenMachine>;
type Row = { id: number; version: number };

/**
 * Runs `machine` for the list at `path`: its query starts from the URL and every change is written back (a
 * reload or a shared link shows the same list); back/forward send the URL to the machine.
 */
export function useListScreen(
  machine: typeof listScreenMachine,
  options: { path: string; spec: ScreenListSpec; entity: ScreenEntity<never> },
): ListActor {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const role = useSelector(session, selectRole);
  const viewerId = useSelector(session, (s) => selectUser(s)?.id ?? null);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const actor = useActorRef(machine, {
    input: {
      entity: options.entity as ScreenEntity,
      spec: options.spec,
      role,
      viewerId,
      query: Object.fromEntries(params),
    },
  });
  const here = pathname === options.path;

  // A list kept in a tab while another page changed its records (a city added, a refund sent) shows them again
  // when its tab comes back: it reloads each time it becomes the page shown, not on its first showing.
  const shown = useRef(here);
  useEffect(() => {
    if (here && !shown.current) actor.send({ type: 'list.reload' });
    shown.current = here;
  }, [actor, here]);

  useEffect(() => {
    const subs = [
      actor.on('toast', (e) => showToast({ intent: e.intent, message: e.message ?? toastText(t, e) })),
      actor.on('list.query', (e) => setParams(paramsOfQuery(options.spec, e.query))),
      actor.on('download', (e) => window.location.assign(e.url)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t, setParams, options.spec]);

  // Back/forward and links change the URL under the list: the machine takes it (a cached, hidden list ignores
  // other pages' addresses).
  const search = params.toString();
  useEffect(() => {
    if (here) actor.send({ type: 'url.changed', query: Object.fromEntries(new URLSearchParams(search)) });
  }, [actor, here, search]);
  return actor;
}

/** Whether the window is at least `px` wide, following resizes. */
export function useWideWindow(px: number): boolean {
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

/** The tabs of a list with tabs (spec.tabs), each with its count under the current filters once it is known. */
export function ListTabs({ actor, labelKey }: { actor: ListActor; labelKey: (tab: string) => string }) {
  const { t } = useTranslation();
  const spec = useSelector(actor, (s) => s.context.spec);
  const counts = useSelector(actor, (s) => s.context.counts);
  const capped = useSelector(actor, (s) => s.context.capped);
  const tab = useSelector(actor, (s) => s.context.query.tab ?? 'all');
  if (!spec.tabs) return null;
  return (
    <Tabs
      id="list-tabs"
      selectedTabId={tab}
      onChange={(id) => actor.send({ type: 'tab.select', tab: String(id) })}
    >
      {['all', ...spec.tabs.values].map((id) => (
        <Tab
          key={id}
          id={id}
          title={t(labelKey(id))}
          // No count before the server gave one (loading, or refused: signed out), rather than a false 0.
          tagContent={
            counts === null
              ? undefined
              : capped
                ? t('list.atLeast', { count: counts[id] ?? 0 })
                : (counts[id] ?? 0)
          }
          tagProps={{ round: true, minimal: true }}
        />
      ))}
    </Tabs>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterDeclaration {
  /** A filter of the list spec. */
  field: string;
  label: string;
  /** The "any" choice's label. */
  anyLabel: string;
  /** Its choices; for a filter whose values come from the server (`lookups`), omit and name `lookup`. */
  options?: FilterOption[];
  lookup?: string;
  /** A range filter of the spec (`<field>_from`, `<field>_to`): two inputs instead of a select. */
  range?: 'date' | 'money';
}

/** Search, filters, reload and export. */
export function ListToolbar({
  actor,
  placeholder,
  filters,
  exportable = true,
}: {
  actor: ListActor;
  placeholder: string;
  filters: FilterDeclaration[];
  exportable?: boolean;
}) {
  const { t } = useTranslation();
  const query = useSelector(actor, (s) => s.context.query);
  const searchText = useSelector(actor, (s) => s.context.searchText);
  const lookups = useSelector(actor, (s) => s.context.lookups);
  const filtered = useSelector(actor, selectIsFiltered);
  const busy = useSelector(actor, selectIsBusy);
  const exporting = useSelector(actor, (s) => s.matches({ ready: 'exporting' }));
  return (
    <>
      <div className="kit-toolbar">
        <InputGroup
          className="kit-search"
          leftIcon="search"
          placeholder={placeholder}
          title={placeholder}
          aria-label={placeholder}
          value={searchText}
          onChange={(e) => actor.send({ type: 'query.type', text: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && actor.send({ type: 'query.submit' })}
          rightElement={
            <Button variant="minimal" onClick={() => actor.send({ type: 'query.submit' })}>
              {t('list.search')}
            </Button>
          }
        />
        {filters.map((f) => {
          if (f.range) return <RangeFilter key={f.field} actor={actor} filter={f} />;
          const loaded = f.options ?? lookups[f.lookup ?? f.field];
          const options = (loaded ?? []).map((v) => (typeof v === 'string' ? { value: v, label: v } : v));
          const value = query[f.field] ?? '';
          // A value none of the choices has (a link to a city since renamed) still filters: it is shown as it is,
          // not as "any", once the choices are known.
          const stray = value !== '' && loaded !== undefined && !options.some((o) => o.value === value);
          return (
            <Select
              key={f.field}
              className="kit-filter"
              aria-label={f.label}
              value={value}
              onChange={(e) => actor.send({ type: 'filter.change', field: f.field, value: e.target.value })}
              options={[
                { value: '', label: f.anyLabel },
                ...options,
                ...(stray ? [{ value, label: value }] : []),
              ]}
            />
          );
        })}
        {filtered && (
          <Button
            icon="filter-remove"
            variant="minimal"
            onClick={() => actor.send({ type: 'filters.clear' })}
          >
            {t('list.clearFilters')}
          </Button>
        )}
        <Button icon="refresh" variant="minimal" onClick={() => actor.send({ type: 'list.reload' })}>
          {t('list.reload')}
        </Button>
        {exportable && (
          <Button
            icon="download"
            variant="minimal"
            loading={exporting}
            disabled={busy}
            onClick={() => actor.send({ type: 'export.start' })}
            data-testid="list-export"
          >
            {t('list.export')}
          </Button>
        )}
      </div>
      <LinkIgnored actor={actor} filters={filters} />
    </>
  );
}

/**
 * What a link asked for that this list could not use (a date that is none, a range the wrong way round, a tab it
 * does not have): the list is shown without it, and says so until the person changes the query.
 */
function LinkIgnored({ actor, filters }: { actor: ListActor; filters: FilterDeclaration[] }) {
  const { t } = useTranslation();
  const ignored = useSelector(actor, (s) => s.context.ignored);
  if (ignored.length === 0) return null;
  const name = (param: string) => {
    for (const f of filters) {
      if (param === f.field) return f.label;
      for (const side of ['from', 'to'] as const)
        if (f.range && param === `${f.field}_${side}`) return `${f.label} (${t(`list.range.${side}`)})`;
    }
    return t(`list.linkPart.${param}`, { defaultValue: param });
  };
  return (
    <Callout intent={Intent.WARNING} icon="link" className="kit-link-ignored" data-testid="list-link-ignored">
      {t('list.linkIgnored', { what: [...new Set(ignored.map(name))].join(t('list.listSeparator')) })}
    </Callout>
  );
}

/**
 * The two ends of a range filter; a money end is sent when it is a well-formed amount (Enter or leaving it). What is
 * wrong is said under them: an end that is not an amount (it is not sent), or a range the wrong way round (the list
 * is not asked for it); and with it the values the list still uses for those ends.
 */
function RangeFilter({ actor, filter }: { actor: ListActor; filter: FilterDeclaration }) {
  const { t, i18n } = useTranslation();
  const type = filter.range!;
  const reversed = useSelector(actor, (s) => selectReversedRanges(s).includes(filter.field));
  // What the rows shown were asked with (while a range is the wrong way round, not what its fields show).
  const applied = {
    from: useSelector(actor, (s) => s.context.asked[`${filter.field}_from`] ?? ''),
    to: useSelector(actor, (s) => s.context.asked[`${filter.field}_to`] ?? ''),
  };
  const [malformed, setMalformed] = useState({ from: false, to: false });
  const problemId = `kit-range-problem-${filter.field}`;
  // Beside what is wrong: the values the list still uses for the ends in question (an end typed wrong, or both ends
  // of a range the wrong way round), so nobody takes the rows shown for ones filtered by what they typed.
  const format = (value: string) => (type === 'money' ? yuan(parseYuan(value) ?? 0) : value);
  const named = (['from', 'to'] as const).filter((side) => (malformed[side] || reversed) && applied[side]);
  const stillApplied =
    named.length === 2
      ? t('list.range.stillAppliedBoth', { from: format(applied.from), to: format(applied.to) })
      : named.length === 1
        ? t(named[0] === 'from' ? 'list.range.stillAppliedFrom' : 'list.range.stillAppliedTo', {
            value: format(applied[named[0]!]),
          })
        : null;
  const wrong =
    malformed.from || malformed.to
      ? type === 'money'
        ? t('errors.validation.rangeMoney')
        : t('errors.validation.date', { field: filter.label })
      : reversed
        ? t(type === 'money' ? 'errors.validation.rangeReversedMoney' : 'errors.validation.rangeReversed')
        : null;
  const problem = wrong && joinSentences(stillApplied ? [wrong, stillApplied] : [wrong], i18n.language);
  const end = (side: 'from' | 'to') => (
    <RangeEnd
      actor={actor}
      param={`${filter.field}_${side}`}
      type={type}
      label={t(`list.range.${side}`)}
      invalid={malformed[side] || reversed}
      problemId={problem ? problemId : undefined}
      onWellFormed={(ok) => setMalformed((m) => (m[side] === !ok ? m : { ...m, [side]: !ok }))}
    />
  );
  return (
    <span className="kit-range" role="group" aria-label={filter.label}>
      <span className="kit-range-label kit-muted">{filter.label}</span>
      {end('from')}
      <span aria-hidden>–</span>
      {end('to')}
      {problem && (
        <span id={problemId} className="kit-range-problem" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}

/** A date whose year has fewer than four digits (`0202-05-01`): in a date field, most likely a year half typed. */
const yearBeingTyped = (date: string) => date < '1000';

function RangeEnd({
  actor,
  param,
  type,
  label,
  invalid,
  problemId,
  onWellFormed,
}: {
  actor: ListActor;
  param: string;
  type: 'date' | 'money';
  label: string;
  invalid: boolean;
  /** The message saying what is wrong with the range, when something is. */
  problemId?: string;
  /** Told whether the text typed is a value the filter takes, as it changes. */
  onWellFormed: (ok: boolean) => void;
}) {
  const value = useSelector(actor, (s) => s.context.query[param] ?? '');
  // Counted each time the filters are set other than in their fields (even where this end's value stays '').
  const resets = useSelector(actor, (s) => s.context.resets);
  const [typed, setTyped] = useState<string | null>(null);
  // Whether the field was last changed with the keys (a date's day typed a digit at a time) or the pointer (a day
  // picked from the calendar).
  const byKeys = useRef(false);
  // A value set from elsewhere (the filters cleared, the address changed) replaces what was being typed.
  useEffect(() => {
    setTyped(null);
    onWellFormed(true);
  }, [value, resets]);
  const text = typed ?? value;
  // What is asked for: a money end as ASCII (the full-width digits of a Chinese input method read as digits).
  const asked = (next: string) => (type === 'money' ? halfWidthAmount(next) : next).trim();
  const wellFormed = isFilterValue({ kind: 'range', type }, asked(text));
  const commit = (next: string) => {
    setTyped(null);
    onWellFormed(true);
    if (next !== value) actor.send({ type: 'filter.change', field: param, value: next });
  };
  const edit = (next: string) => {
    setTyped(next);
    onWellFormed(isFilterValue({ kind: 'range', type }, asked(next)));
    // A key that leaves no value to ask for (the year being typed, the field erased): what was typed before it is not
    // asked for when the keys pause.
    if (type === 'date' && byKeys.current) actor.send({ type: 'filter.type', field: param, value: null });
  };
  // Each key changing a date's day, month or year gives a date: it is asked for once the keys pause.
  const settle = (next: string) => {
    setTyped(next);
    onWellFormed(true);
    actor.send({ type: 'filter.type', field: param, value: next });
  };
  return (
    <InputGroup
      className={`kit-range-${type}`}
      aria-label={label}
      type={type === 'date' ? 'date' : 'text'}
      inputMode={type === 'money' ? 'decimal' : undefined}
      placeholder={type === 'money' ? '¥' : undefined}
      value={text}
      intent={wellFormed && !invalid ? Intent.NONE : Intent.DANGER}
      aria-invalid={!wellFormed || invalid}
      aria-describedby={problemId}
      // A date picked with the pointer is sent at once; one typed, or picked in the calendar with the keys, once the
      // keys pause; one the calendar has not (year 0, five digits) stays here, red. A year being typed passes through 0002, 0020 and 0202 before 2026: those wait for Enter or
      // leaving.
      onChange={(e) =>
        type === 'date' &&
        isFilterValue({ kind: 'range', type }, e.target.value) &&
        !yearBeingTyped(e.target.value)
          ? (byKeys.current ? settle : commit)(e.target.value)
          : edit(e.target.value)
      }
      onBlur={() => wellFormed && typed !== null && commit(asked(text))}
      onPointerDown={() => (byKeys.current = false)}
      onKeyDown={(e) => {
        byKeys.current = true;
        if (e.key === 'Enter' && wellFormed) commit(asked(text));
      }}
    />
  );
}

/** A button enabled only when the policy and the lifecycle allow the action on `row`, with the reason as a tooltip. */
export function ActionButton({
  actor,
  row,
  type,
  label,
  command,
  ask,
  onClick,
  intent,
  small = true,
  onlyWhenAllowed = false,
}: {
  actor: ListActor;
  row: Row | null;
  type: string;
  label: string;
  /** The command's fields besides `type`; sent for `row` unless `onClick` opens the page's own dialog. */
  command?: Record<string, unknown>;
  /** The field its dialog asks for ('' for a confirmation); none to send at once. */
  ask?: string;
  onClick?: () => void;
  intent?: Intent;
  small?: boolean;
  /** Not drawn at all when refused (a card offers only what this member may do to it now). */
  onlyWhenAllowed?: boolean;
}) {
  const verdict = useSelector(actor, (s) => allowedOn(s, row, type));
  const busy = useSelector(actor, selectIsBusy);
  const send = () =>
    row && actor.send({ type: 'row.command', id: row.id, command: { type, ...command }, ask });
  if (onlyWhenAllowed && !verdict.ok) return null;
  const button = small ? (
    <RowButton intent={intent} disabled={!verdict.ok || busy} onClick={onClick ?? send} action={type}>
      {label}
    </RowButton>
  ) : (
    <AnchorButton intent={intent} disabled={!verdict.ok || busy} onClick={onClick ?? send} data-action={type}>
      {label}
    </AnchorButton>
  );
  return <ReasonTip verdict={verdict}>{button}</ReasonTip>;
}

/** A switch whose flip is a lifecycle command (show ⇄ hide), disabled with the reason when it would be refused. */
export function ActionSwitch({
  actor,
  row,
  on,
  onType,
  offType,
  label,
  ariaLabel,
  confirmOff = false,
}: {
  actor: ListActor;
  row: Row;
  on: boolean;
  onType: string;
  offType: string;
  label: string;
  /** The record and what the switch on means ("Plumbing: Shown"): checked says whether it is so. */
  ariaLabel: string;
  /** Switching off asks first (the page's command dialog declares what it says). */
  confirmOff?: boolean;
}) {
  const type = on ? offType : onType;
  const ask = on && confirmOff ? '' : undefined;
  const verdict = useSelector(actor, (s) => allowedOn(s, row, type));
  const busy = useSelector(actor, selectIsBusy);
  const control = (
    <Switch
      className="kit-switch"
      checked={on}
      disabled={!verdict.ok || busy}
      label={label}
      aria-label={ariaLabel}
      data-action={type}
      onChange={() => actor.send({ type: 'row.command', id: row.id, command: { type }, ask })}
    />
  );
  return <ReasonTip verdict={verdict}>{control}</ReasonTip>;
}

export interface BulkAction {
  type: string;
  label: string;
  /** The field its dialog asks for (a reason); none for a plain bulk command. */
  ask?: string;
  /** The command's other fields (a refund's destination). */
  command?: Record<string, unknown>;
}

/**
 * While rows are selected: their count and the bulk actions (each allowed by the policy or explained). Before, a
 * line saying rows can be selected, as tall: the table does not move under the pointer when the first is ticked.
 */
export function BulkBar({ actor, actions }: { actor: ListActor; actions: BulkAction[] }) {
  const { t } = useTranslation();
  const count = useSelector(actor, (s) => s.context.selected.length);
  const busy = useSelector(actor, (s) => s.matches({ ready: 'bulkSubmitting' }));
  if (count === 0) {
    return (
      <div className="kit-bulk">
        <span className="kit-muted">{t('list.selectHint')}</span>
      </div>
    );
  }
  return (
    <div className="kit-bulk">
      <span className="kit-bulk-count">{t('list.selected', { count })}</span>
      <ButtonGroup>
        {actions.map((a) => (
          <BulkButton key={`${a.type}:${JSON.stringify(a.command ?? {})}`} actor={actor} action={a} />
        ))}
      </ButtonGroup>
      <Button variant="minimal" onClick={() => actor.send({ type: 'selection.clear' })}>
        {t('list.clearSelection')}
      </Button>
      {busy && <Spinner size={16} />}
    </div>
  );
}

function BulkButton({ actor, action }: { actor: ListActor; action: BulkAction }) {
  const verdict = useSelector(actor, (s) => allowedOnSelection(s, action.type));
  const busy = useSelector(actor, selectIsBusy);
  const button = (
    <AnchorButton
      disabled={busy || !verdict.ok}
      data-bulk={action.type}
      onClick={() =>
        actor.send({
          type: 'bulk.command',
          command: { type: action.type, ...action.command },
          ask: action.ask,
        })
      }
    >
      {action.label}
    </AnchorButton>
  );
  return <ReasonTip verdict={verdict}>{button}</ReasonTip>;
}

export interface ColumnDeclaration<R> {
  key: string;
  header: string;
  width: number;
  render: (row: R) => ReactNode;
  /** A sort of the list spec this column's header toggles. */
  sort?: string;
}

/**
 * The one table look: a Blueprint table with a selection column (when `selectable`), sortable headers, frozen
 * leading columns on wide screens, and the loading, empty and failed states.
 */
export function EntityTable<R extends Row>({
  actor,
  columns,
  selectable = false,
  frozen = 0,
  emptyTitle,
  emptyHint,
  className,
}: {
  actor: ListActor;
  columns: ColumnDeclaration<R>[];
  selectable?: boolean;
  /** Leading columns kept in sight on wide screens: at most 2 (kit.css hides their hidden header copies up to 3). */
  frozen?: number;
  emptyTitle: string;
  emptyHint?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const items = useSelector(actor, (s) => s.context.items) as unknown as R[];
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const selected = useSelector(actor, (s) => s.context.selected);
  const sort = useSelector(actor, (s) => `${s.context.query.sort}:${s.context.query.order}`);
  const busy = useSelector(actor, selectIsBusy);
  const total = useSelector(actor, (s) => s.context.total);
  const page = useSelector(actor, (s) => Number(s.context.query.page || 1));
  const wide = useWideWindow(768);
  const [boxWidth, setBox] = useBoxWidth();
  const keepFocus = useFocusKeptInTable(items, [items, selected, busy]);

  if (failed) {
    return (
      <LoadFailedState
        className="kit-table-state"
        error={loadError}
        title={t('list.loadFailed')}
        onRetry={() => actor.send({ type: 'list.retry' })}
      />
    );
  }
  if (!loading && items.length === 0 && total > 0 && page > 1) {
    // A page number past the last (typed into the address, or the list shrank): the records are there, on page 1.
    return (
      <NonIdealState
        className="kit-table-state"
        icon="th-list"
        title={t('list.pastLastPage', { page })}
        action={
          <Button icon="arrow-left" onClick={() => actor.send({ type: 'page.change', page: 1 })}>
            {t('list.firstPage')}
          </Button>
        }
      />
    );
  }
  if (!loading && items.length === 0) {
    return (
      <NonIdealState className="kit-table-state" icon="search" title={emptyTitle} description={emptyHint} />
    );
  }
  if (items.length === 0) {
    // The first page is on its way: placeholder rows, so the table itself renders once, with the data; the same box
    // (React keeps this div for the table's), measured meanwhile, so its first render already fills it.
    return (
      <div ref={setBox} className={`kit-table kit-table-loading ${className ?? ''}`} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={`kit-table-loading-row ${Classes.SKELETON}`} />
        ))}
      </div>
    );
  }

  const [sortKey, order] = sort.split(':');
  const cell = (render: (row: R) => ReactNode) => (i: number) => (
    <Cell>{items[i] ? render(items[i]) : null}</Cell>
  );
  const header = (c: ColumnDeclaration<R>) => () =>
    c.sort ? (
      <ColumnHeaderCell
        nameRenderer={() => (
          <button
            type="button"
            className="kit-sort"
            data-sort={c.sort}
            onClick={() => actor.send({ type: 'sort.change', sort: c.sort! })}
          >
            {c.header}
            {sortKey === c.sort && (
              <>
                <Icon icon={order === 'asc' ? 'chevron-up' : 'chevron-down'} size={12} />
                {/* The arrow is drawn only: its words are for assistive technology. */}
                <span className="kit-visually-hidden">
                  {t(order === 'asc' ? 'list.sorted.asc' : 'list.sorted.desc')}
                </span>
              </>
            )}
          </button>
        )}
      />
    ) : (
      <ColumnHeaderCell name={c.header} />
    );
  const allOnPage = items.length > 0 && items.every((r) => selected.includes(r.id));
  const selection = selectable
    ? [
        <Column
          key="selection"
          columnHeaderCellRenderer={() => (
            <ColumnHeaderCell
              nameRenderer={() => (
                <Checkbox
                  className="kit-check"
                  aria-label={t('list.selectPage')}
                  checked={allOnPage}
                  onChange={() => actor.send({ type: 'selection.togglePage' })}
                />
              )}
            />
          )}
          cellRenderer={cell((r) => (
            <Checkbox
              className="kit-check"
              aria-label={`#${r.id}`}
              checked={selected.includes(r.id)}
              onChange={() => actor.send({ type: 'selection.toggle', id: r.id })}
            />
          ))}
        />,
      ]
    : [];

  const rows = items.length;
  // As tall as its rows (up to a page of 13 or so), so a short list does not sit in a tall empty box.
  const natural = 32 + 2 + Math.max(rows, 3) * 36 + 16;
  const height = Math.min(520, natural);
  // The room the columns may fill: the box less the table's border, and less a vertical scrollbar when one shows.
  const room = boxWidth - 2 - (natural > height ? scrollbarWidth() : 0);
  const frozenCount = wide ? frozen + (selectable ? 1 : 0) : 0;
  return (
    <div
      ref={setBox}
      className={`kit-table ${className ?? ''}`}
      style={{ height }}
      data-frozen={frozenCount}
      // Where the keyboard goes when the row it was in left the list and the row now there has no link.
      tabIndex={-1}
      // It keeps focus by its own rule (tableKeyboard.ts), not the page's (src/views/layout/focusPage.ts).
      data-keeps-focus
      onScrollCapture={(e) => followPane(e.target, e.currentTarget)}
      onFocusCapture={keepFocus}
    >
      <Table
        numRows={rows}
        loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
        enableRowHeader={false}
        // One page of rows at a time: render them in one pass rather than in batches that flash skeletons.
        renderMode={RenderMode.NONE}
        defaultRowHeight={36}
        numFrozenColumns={frozenCount}
        // A list with few columns fills its card rather than leaving a gap beside it.
        columnWidths={fillWidths(
          [...(selectable ? [36] : []), ...columns.map((c) => c.width)],
          room,
          selectable ? 1 : 0,
        )}
        cellRendererDependencies={[items, selected, sort, busy, i18n.language]}
      >
        {[
          ...selection,
          ...columns.map((c) => (
            <Column
              key={c.key}
              id={c.key}
              columnHeaderCellRenderer={header(c)}
              cellRenderer={cell(c.render)}
            />
          )),
        ]}
      </Table>
    </div>
  );
}

const PAGE_SIZES = [10, 20, 50, 100];

/** Pages, page size and the total. */
export function Pagination({ actor }: { actor: ListActor }) {
  const { t } = useTranslation();
  const page = useSelector(actor, (s) => Number(s.context.query.page || 1));
  const pageSize = useSelector(actor, (s) => Number(s.context.query.page_size || 20));
  const max = useSelector(actor, (s) => s.context.spec.pageSize.max);
  const pages = useSelector(actor, selectPageCount);
  const total = useSelector(actor, (s) => s.context.total);
  const atLeast = useSelector(actor, selectTotalIsAtLeast);
  const known = useSelector(actor, selectFiguresKnown);
  return (
    <div className="kit-pagination">
      <span data-testid="list-total">
        {known ? t(atLeast ? 'list.totalAtLeast' : 'list.total', { count: total }) : '—'}
      </span>
      <Button
        icon="chevron-left"
        aria-label={t('list.previous')}
        disabled={!known || page <= 1}
        // Past the last page (a link to page 99 of 3), the one before is the last.
        onClick={() =>
          actor.send({ type: 'page.change', page: atLeast || page <= pages ? page - 1 : Math.max(pages, 1) })
        }
      />
      <span data-testid="list-page">
        {known ? t(atLeast ? 'list.pageAtLeast' : 'list.page', { page, pages }) : '—'}
      </span>
      <Button
        icon="chevron-right"
        aria-label={t('list.next')}
        disabled={!known || page >= pages}
        onClick={() => actor.send({ type: 'page.change', page: page + 1 })}
      />
      <Select
        aria-label={t('list.pageSize')}
        value={pageSize}
        onChange={(e) => actor.send({ type: 'pageSize.change', pageSize: Number(e.target.value) })}
        // A size the address names (`page_size=7`) is offered too, so the control shows what the list shows.
        options={[...new Set([...PAGE_SIZES.filter((n) => n <= max), pageSize])]
          .sort((a, b) => a - b)
          .map((n) => ({
            value: n,
            label: t('list.perPage', { count: n }),
          }))}
      />
    </div>
  );
}

/** The refusal of the last command, once, in place. */
export function ListActionError({ actor }: { actor: ListActor }) {
  const error = useSelector(actor, (s) => s.context.actionError);
  return <ErrorCallout error={error} className="kit-action-error" />;
}

export interface DialogDeclaration {
  title: string;
  label: string;
  confirm: string;
  intent?: Intent;
  /** A long text (a reason) rather than one line (a number). */
  multiline?: boolean;
  /** The most characters the lifecycle takes for the value: counted under the field as it is typed. */
  maxLength?: number;
  /** What the button that closes it unsent says, "Cancel" unless the command is itself a cancellation. */
  dismiss?: string;
}

/**
 * The dialog of a command that needs a value (a rejection reason, a new ranking) or a confirmation (a delete):
 * the lifecycle judges the value before anything is sent and its objection shows under the field.
 */
export function CommandDialog({
  dialog,
  declaration,
  name = '',
  note,
  send,
}: {
  dialog: { field: string; value: string; problem: string | null; changed?: boolean } | null;
  declaration: DialogDeclaration | undefined;
  /** The record's label, for the note that someone else changed it (`dialog.changed`). */
  name?: string;
  /** A warning above the question (a bulk command some of whose rows will be refused). */
  note?: string;
  send: (
    event: { type: 'dialog.change'; value: string } | { type: 'dialog.confirm' } | { type: 'dialog.cancel' },
  ) => void;
}) {
  const { t } = useTranslation();
  const open = dialog !== null;
  // A command whose page declares no dialog for it still asks (a plain question) rather than leave the machine
  // waiting on a dialog nobody sees. Closing, the dialog keeps the words it had while it fades out.
  const shown = useRef<DialogDeclaration | null>(null);
  if (open)
    shown.current = declaration ?? {
      title: t('list.dialog.confirm.title'),
      label: t('list.dialog.confirm.body'),
      confirm: t('list.dialog.confirm.ok'),
    };
  declaration = shown.current ?? { title: '', label: '', confirm: '' };
  const intent = dialog?.problem ? Intent.DANGER : Intent.NONE;
  const inputId = `command-dialog-${dialog?.field ?? 'confirm'}`;
  // A value refused on confirming: the keyboard is taken back to it (the button pressed keeps nothing to do).
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const problem = dialog?.problem ?? null;
  useEffect(() => {
    if (problem) field.current?.focus();
  }, [problem]);
  const problemText = problem ? t(problem) : undefined;
  const described = describedField(
    inputId,
    declaration.maxLength ? (
      <CountedHelper text={problemText} value={dialog?.value ?? ''} max={declaration.maxLength} />
    ) : (
      problemText
    ),
    problem !== null,
  );
  return (
    // No × in the corner: its name ("Close") would sit beside a confirm button that may itself be "Close city";
    // Cancel and Esc leave the dialog.
    <Dialog
      isOpen={open}
      onClose={() => send({ type: 'dialog.cancel' })}
      title={declaration.title}
      isCloseButtonShown={false}
    >
      <DialogBody>
        {dialog?.changed && (
          <Callout intent={Intent.WARNING} className="kit-dialog-changed" role="alert">
            {t('list.dialog.changed', { name })}
          </Callout>
        )}
        {note && (
          <Callout intent={Intent.WARNING} className="kit-dialog-changed" data-testid="bulk-partly">
            {note}
          </Callout>
        )}
        {dialog?.field ? (
          <FormGroup
            label={declaration.label}
            labelFor={inputId}
            intent={intent}
            helperText={described.helperText}
          >
            {declaration.multiline ? (
              <TextArea
                id={inputId}
                inputRef={field}
                {...described.input}
                fill
                autoFocus
                rows={4}
                value={dialog.value}
                intent={intent}
                onChange={(e) => send({ type: 'dialog.change', value: e.target.value })}
              />
            ) : (
              <InputGroup
                id={inputId}
                inputRef={field}
                {...described.input}
                autoFocus
                value={dialog.value}
                intent={intent}
                onChange={(e) => send({ type: 'dialog.change', value: e.target.value })}
                onKeyDown={(e) => e.key === 'Enter' && send({ type: 'dialog.confirm' })}
              />
            )}
          </FormGroup>
        ) : (
          <p>{declaration.label}</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {/* A question with nothing to type starts on its safe answer: Enter right away sends nothing. */}
            <Button autoFocus={!dialog?.field} onClick={() => send({ type: 'dialog.cancel' })}>
              {declaration.dismiss ?? t('list.cancel')}
            </Button>
            <Button
              intent={declaration.intent ?? Intent.PRIMARY}
              onClick={() => send({ type: 'dialog.confirm' })}
            >
              {declaration.confirm}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** The list's command dialog, for whichever command it is open for. */
export function ListCommandDialog<R extends Row = Row>({
  actor,
  dialogs,
  label: labelOf,
}: {
  actor: ListActor;
  /** A row's name as the page shows it (a title translated), where that is not the entity's `labelOf`. */
  label?: (row: R) => string;
  /**
   * The dialog for a command: its type, the row's label, the command with its other fields, and for a bulk
   * command the number of rows it can be done on now (0 for one row's): those the rules refuse are said apart.
   */
  dialogs: (type: string, label: string, command: CommandBody, rows: number) => DialogDeclaration | undefined;
}) {
  const { t } = useTranslation();
  const dialog = useSelector(actor, selectDialog);
  const label = useSelector(actor, (s) => {
    const d = s.context.dialog;
    if (!d || d.ids.length !== 1 || d.bulk) return '';
    const row = s.context.items.find((r) => r.id === d.ids[0]);
    if (!row) return '';
    return labelOf ? labelOf(row as R) : s.context.entity.labelOf(row);
  });
  // Of the rows a bulk command goes to, those the rules refuse now (rows on this page; the others are judged when
  // sent): said before it is sent, not only in the outcome, and the dialog asks about the others (at least one: a
  // bulk action whose rows are all refused is not offered).
  const refused = useSelector(actor, (s) => {
    const d = s.context.dialog;
    if (!d?.bulk) return 0;
    const ids = new Set(d.ids);
    return s.context.items.filter((r) => ids.has(r.id) && !allowedOn(s, r, d.command.type).ok).length;
  });
  const count = dialog?.bulk ? dialog.ids.length : 0;
  return (
    <CommandDialog
      dialog={dialog}
      declaration={
        dialog
          ? dialogs(
              dialog.command.type,
              label,
              dialog.command,
              dialog.bulk ? Math.max(1, count - refused) : 0,
            )
          : undefined
      }
      name={label}
      note={refused > 0 ? t('list.bulk.partly', { count, able: count - refused, refused }) : undefined}
      send={actor.send}
    />
  );
}

/** After a bulk command: each row's outcome (done, or why it was refused). */
export function BulkSummaryDialog({ actor, title }: { actor: ListActor; title: (type: string) => string }) {
  const { t } = useTranslation();
  const summary = useSelector(actor, selectBulkSummary);
  const done = summary?.results.filter((r) => r.ok).length ?? 0;
  return (
    <Dialog
      isOpen={summary !== null}
      onClose={() => actor.send({ type: 'summary.close' })}
      title={summary ? title(summary.type) : ''}
      className="kit-bulk-summary"
    >
      <DialogBody>
        <p className="kit-bulk-count">
          {t('list.bulk.summary', { done, refused: (summary?.results.length ?? 0) - done })}
        </p>
        <ul className="kit-bulk-results">
          {summary?.results.map((r) => (
            <li key={r.id} data-ok={r.ok}>
              <Tag minimal intent={r.ok ? Intent.SUCCESS : Intent.DANGER}>
                {r.ok ? t('list.bulk.ok') : t('list.bulk.refused')}
              </Tag>
              <span className="kit-bulk-result">
                <span>
                  #{r.id} {r.label}
                </span>
                {!r.ok && <span className="kit-muted">{errorMessage(t, r.message)}</span>}
              </span>
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={() => actor.send({ type: 'summary.close' })}>
            {t('list.bulk.close')}
          </Button>
        }
      />
    </Dialog>
  );
}
