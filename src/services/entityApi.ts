import type { BulkResult, HistoryEntry, ListResult } from '@/contract/api';
import { TIME_ZONE_PARAM, type ListQuery } from '@/contract/list';
import { request } from './http';

/**
 * One client for every entity the server's kit serves (server/kit/routes.ts): list, one record, history, create,
 * the edit form's save, a command, a bulk command, and a CSV export link. Plain data in and out; the rules live
 * in the lifecycle machines. Calls are quiet (`quietErrors`): the screens show every failure in place.
 */

export interface Versioned {
  id: number;
  version: number;
}

export type { BulkResult, HistoryEntry, ListResult };

/** A command as the API takes it: `{ type: 'supplier.reject', reason }`. */
export type CommandBody = { type: string } & Record<string, unknown>;

/** `Item`: a row of the list, when the list names its items (`items` in its ListSpec); otherwise the record. */
export interface EntityApi<Row extends Versioned, Item extends Versioned = Row> {
  /** A page of the list; `signal` aborts the request (a list screen asking for another page before it came). */
  list(query: ListQuery, signal?: AbortSignal): Promise<ListResult<Item>>;
  get(id: number): Promise<Row>;
  history(id: number): Promise<HistoryEntry[]>;
  create(body: Record<string, unknown>): Promise<Row>;
  save(id: number, changes: Record<string, unknown>, expectedVersion: number): Promise<Row>;
  command(id: number, command: CommandBody, expectedVersion: number): Promise<Row | null>;
  bulk(command: CommandBody, items: Array<{ id: number; expectedVersion: number }>): Promise<BulkResult[]>;
  /** A one-time link that downloads every row matching `query` as CSV. */
  exportLink(query: ListQuery): Promise<string>;
}

/** The reader's time zone (the browser's), in which the server reads a list's date ranges: the days the screen shows. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A list query as sent: its set values, and the reader's time zone when a range is set (the days it names are the
 * reader's). Without one the zone is not sent: it would change nothing, and a zone the browser knows but the server
 * does not would be refused (a 400) where nothing depends on it.
 */
export function listParams(query: ListQuery): Record<string, string> {
  const params = compactQuery(query);
  const ranged = Object.keys(params).some((key) => key.endsWith('_from') || key.endsWith('_to'));
  return ranged ? { ...params, [TIME_ZONE_PARAM]: readerTimeZone() } : params;
}

/** Drops unset values ('' or undefined) so URLs and requests stay short. */
export function compactQuery(query: ListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

export function entityApi<Row extends Versioned, Item extends Versioned = Row>(
  path: string,
  responseKey: string,
): EntityApi<Row, Item> {
  const answer = (data: Record<string, unknown>) => data[responseKey] as Row | null;
  return {
    list: (query, signal) =>
      request({ quietErrors: true, method: 'GET', url: path, params: listParams(query), signal }),
    get: (id) => request({ quietErrors: true, method: 'GET', url: `${path}/${id}` }),
    history: (id) => request({ quietErrors: true, method: 'GET', url: `${path}/${id}/events` }),
    create: (body) => request({ quietErrors: true, method: 'POST', url: path, data: body }),
    save: async (id, changes, expectedVersion) =>
      answer(
        await request({
          quietErrors: true,
          method: 'PUT',
          url: `${path}/${id}`,
          data: { ...changes, expectedVersion },
        }),
      ) as Row,
    command: async (id, command, expectedVersion) =>
      answer(
        await request({
          quietErrors: true,
          method: 'POST',
          url: `${path}/${id}/events`,
          data: { ...command, expectedVersion },
        }),
      ),
    bulk: async (command, items) => {
      const data = await request<{ results: BulkResult[] }>({
        quietErrors: true,
        method: 'POST',
        url: `${path}/bulk-events`,
        data: { ...command, items },
      });
      return data.results.map(({ id, ok, err_code, err_msg, data: d }) => ({
        id,
        ok,
        err_code,
        err_msg,
        data: d,
      }));
    },
    exportLink: async (query) => {
      const url = `${path}/export.csv`;
      const { ticket } = await request<{ ticket: string }>({
        quietErrors: true,
        method: 'POST',
        url: '/api/download-tickets',
        data: { path: url },
      });
      const params = new URLSearchParams({ ...listParams(query), ticket });
      return `${url}?${params.toString()}`;
    },
  };
}

/** Uploads a file through the shared upload endpoint (SPEC §7); resolves to the stored file's address. */
/** Every row matching `filter`, in the list's order, reading page after page (a form's choices: open cities). */
export async function listAll<Item extends Versioned>(
  api: EntityApi<Versioned, Item>,
  filter: Record<string, string>,
): Promise<Item[]> {
  const rows: Item[] = [];
  for (let page = 1; ; page++) {
    const result = await api.list({ ...filter, page: String(page), page_size: '100' });
    rows.push(...result.items);
    if (result.items.length === 0 || rows.length >= result.total) return rows;
  }
}

export async function uploadFile(
  file: Blob,
  usageType: string,
  type: 'image' | 'audio' = 'image',
): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('usage_type', usageType);
  form.append('file', file);
  const data = await request<{ url: string }>({
    quietErrors: true,
    method: 'POST',
    url: '/api/file-storage/file/upload',
    data: form,
  });
  return data.url;
}

export const VERSION_CONFLICT = 40901;
