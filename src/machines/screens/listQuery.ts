import { ALL_TAB, filterParams, isFilterValue, type ListQuery, type ListSpec } from '@/contract/list';

/**
 * A list screen's query and its URL: the defaults, a query read from the URL's parameters, and the parameters
 * written back. Kept apart from the list machine so that a route can ask for a list's first page (firstPages.ts)
 * without loading the screen.
 */

/**
 * A list as one screen shows it: the entity's spec, and values this screen always queries with (`fixed`: the
 * refunds of renewals are the refund list at `kind=renewal`). A fixed value is the screen's default and is kept
 * through every change, so it is never "a filter" to clear and never written to the URL.
 */
export type ScreenListSpec = ListSpec & { fixed?: ListQuery };

/** The query every list starts from: its spec's defaults, nothing filtered (but the screen's fixed values). */
export function defaultQuery(spec: ScreenListSpec): ListQuery {
  const query: ListQuery = {
    q: '',
    sort: spec.defaultSort,
    order: spec.sorts[spec.defaultSort].order,
    page: '1',
  };
  query.page_size = String(spec.pageSize.default);
  for (const [name, filter] of Object.entries(spec.filters))
    for (const param of filterParams(name, filter)) query[param] = '';
  if (spec.tabs) query.tab = ALL_TAB;
  return { ...query, ...spec.fixed };
}

/**
 * A query from the URL's parameters: known keys only, each value checked against the spec (an unknown sort or a
 * page beyond range falls back to the default), so a hand-edited link shows a list instead of an error.
 */
export function queryFromParams(spec: ScreenListSpec, params: Record<string, string>): ListQuery {
  const query = defaultQuery(spec);
  const pick = (key: string, ok: (v: string) => boolean) => {
    const v = params[key];
    if (v !== undefined && ok(v)) query[key] = v;
  };
  pick('q', (v) => v.length <= (spec.search?.maxLength ?? 100));
  for (const [name, filter] of Object.entries(spec.filters))
    for (const param of filterParams(name, filter)) pick(param, (v) => isFilterValue(filter, v));
  if (spec.tabs) pick('tab', (v) => v === ALL_TAB || spec.tabs!.values.includes(v));
  pick('sort', (v) => v in spec.sorts);
  if (params.sort && params.sort in spec.sorts && !params.order) query.order = spec.sorts[params.sort].order;
  pick('order', (v) => v === 'asc' || v === 'desc');
  pick('page', (v) => /^[1-9][0-9]{0,6}$/.test(v));
  pick('page_size', (v) => /^[1-9][0-9]{0,2}$/.test(v) && Number(v) <= spec.pageSize.max);
  // A cursor goes with its page: a link to page 5,000 reads on from the page before it, as the paging did.
  if (query.page !== '1') for (const key of ['after', 'before']) pick(key, (v) => /^[\w.-]{1,400}$/.test(v));
  return { ...query, ...spec.fixed };
}

/** The URL's parameters for a query: only what differs from the defaults (a clean link for the plain list). */
export function paramsOfQuery(spec: ScreenListSpec, query: ListQuery): Record<string, string> {
  const defaults = defaultQuery(spec);
  // A sort's own default order goes without saying.
  defaults.order = spec.sorts[query.sort]?.order ?? defaults.order;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== defaults[key] && value !== '') out[key] = value;
  return out;
}
