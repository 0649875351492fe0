import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { ANSWER_AHEAD_MS, http } from '@/services/http';
import { entityApi } from '@/services/entityApi';
import { FIRST_PAGES } from '@/machines/screens/firstPages';
import { PAGE_NAMES } from '@/app/routes';
import { createActor, waitFor } from 'xstate';
import { SUPPLIER_SPEC, supplierList, supplierScreen } from '@/machines/screens/supplierScreens';
import { REFUSED_ORDERS_SPEC, orderList, orderScreen } from '@/machines/screens/orderScreens';
import type { ScreenEntity } from '@/machines/screens/screenEntity';

/**
 * A list's first page asked for ahead (the route, while the page's code loads) is the answer to the screen's own
 * request for the same page, once and only while fresh; any other page is asked for as before.
 */
const asked: string[] = [];
afterEach(() => {
  http.defaults.adapter = undefined;
  asked.length = 0;
  vi.useRealTimers();
});

function answerEverything() {
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = `${config.url}?${new URLSearchParams(config.params as Record<string, string>).toString()}`;
    asked.push(url);
    return {
      data: { err_code: 200, data: { items: [], total: asked.length } },
      status: 200,
      statusText: '',
      headers: {},
      config,
    };
  };
}

describe('a first page asked for ahead', () => {
  it('answers the same query once, in any key order', async () => {
    answerEverything();
    const api = entityApi('/api/early-a', 'row');
    api.prefetchList({ page: '1', sort: 'ranking', q: '' });
    expect(await api.list({ sort: 'ranking', page: '1' })).toEqual({ items: [], total: 1 });
    expect(await api.list({ sort: 'ranking', page: '1' })).toEqual({ items: [], total: 2 });
    expect(asked).toEqual(['/api/early-a?page=1&sort=ranking', '/api/early-a?sort=ranking&page=1']);
  });

  it('is not the answer to another query', async () => {
    answerEverything();
    const api = entityApi('/api/early-b', 'row');
    api.prefetchList({ page: '1' });
    await api.list({ page: '2' });
    expect(asked).toEqual(['/api/early-b?page=1', '/api/early-b?page=2']);
  });

  it('is dropped once stale: the screen asks anew', async () => {
    answerEverything();
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = entityApi('/api/early-c', 'row');
    api.prefetchList({ page: '1' });
    vi.setSystemTime(Date.now() + ANSWER_AHEAD_MS + 1);
    expect(await api.list({ page: '1' })).toEqual({ items: [], total: 2 });
  });

  it('is dropped by any request that changes something: the reload after a command is fresh', async () => {
    answerEverything();
    const api = entityApi('/api/early-e', 'row');
    api.prefetchList({ page: '1' });
    await api.command(1, { type: 'x.close' }, 1);
    expect(await api.list({ page: '1' })).toEqual({ items: [], total: 3 });
    expect(asked).toEqual(['/api/early-e?page=1', '/api/early-e/1/events?', '/api/early-e?page=1']);
  });

  it('fails as the screen’s own request would, and unhandled by nobody when never taken', async () => {
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => ({
      data: { err_code: 500, err_msg: 'down', data: null },
      status: 200,
      statusText: '',
      headers: {},
      config,
    });
    const api = entityApi('/api/early-d', 'row');
    api.prefetchList({ page: '1' });
    api.prefetchList({ page: '9' });
    await expect(api.list({ page: '1' })).rejects.toThrow('down');
  });

  it.each([
    ['SupplyList', supplierList, SUPPLIER_SPEC, supplierScreen],
    ['OrderRefuse', orderList, REFUSED_ORDERS_SPEC, orderScreen],
  ] as const)('of %s is the one its list screen asks for', async (route, machine, spec, entity) => {
    answerEverything();
    const url = { q: 'x', page: '2' };
    FIRST_PAGES[route]!(url);
    const actor = createActor(machine, {
      input: { entity: entity as unknown as ScreenEntity, spec, role: 'admin', query: url },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked.filter((u) => !u.includes('cities'))).toHaveLength(1);
    actor.stop();
  });

  it('exists only for routes that have a page', () => {
    for (const name of Object.keys(FIRST_PAGES)) expect(PAGE_NAMES).toContain(name);
  });
});
