import { afterEach, describe, expect, it } from 'vitest';
import { CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { createActor } from 'xstate';
import { http, onApiError } from '@/services/http';
import { listFor } from '@/machines/screens/screenActors';
import { SUPPLIER_SPEC, supplierList, supplierScreen } from '@/machines/screens/supplierScreens';
import { suppliersApi } from '@/services/suppliers';
import { until } from '../../support/until';
import { listResult } from './supplierScreenFixtures';

// A list screen's requests as they go out: a page asked for before the one before it came aborts that one.

afterEach(() => {
  http.defaults.adapter = undefined;
});

describe('a list screen’s page requests', () => {
  // The supplier list's own actors, and those every list of the kit is given.
  it.each([
    ['the supplier list', supplierList],
    ['a list of the kit (listFor)', listFor(suppliersApi)],
  ])(
    '%s: abort the page a newer query replaced, and keep the one that answers it',
    async (_name, machine) => {
      const pages: Array<{ city: string; signal: AbortSignal }> = [];
      http.defaults.adapter = (config: InternalAxiosRequestConfig) =>
        new Promise((resolve, reject) => {
          const answer = (data: unknown) =>
            resolve({
              data: { err_code: 200, err_msg: 'ok', data },
              status: 200,
              statusText: '',
              headers: {},
              config,
            });
          if (config.url !== '/api/suppliers') return answer([]);
          const signal = config.signal as AbortSignal;
          pages.push({ city: (config.params as Record<string, string>).city ?? '', signal });
          // The first page hangs until it is aborted; the next answers.
          if (pages.length === 1) signal.addEventListener('abort', () => reject(new CanceledError()));
          else answer(listResult);
        });
      // An aborted page is no failure: no error toast, no error on the list.
      const reported: unknown[] = [];
      const unlisten = onApiError((error) => reported.push(error));
      const actor = createActor(machine, {
        input: { entity: supplierScreen as never, spec: SUPPLIER_SPEC, role: 'admin', query: {} },
      });
      actor.start();
      // The request goes out a few microtasks after the machine asked for it (axios' interceptors), with no change of
      // the machine's state to wait on.
      await expect.poll(() => pages.length).toBe(1);
      actor.send({ type: 'filter.change', field: 'city', value: 'Beijing' });
      await until(actor, (s) => s.matches({ ready: 'idle' }));
      expect(pages.map((p) => [p.city, p.signal.aborted])).toEqual([
        ['', true],
        ['Beijing', false],
      ]);
      expect(actor.getSnapshot().context.items).toHaveLength(listResult.items.length);
      expect(actor.getSnapshot().context.loadError).toBeNull();
      expect(reported).toEqual([]);
      unlisten();
      actor.stop();
    },
  );
});
