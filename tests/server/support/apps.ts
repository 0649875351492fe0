import { afterAll, beforeAll } from 'vitest';
import { bearer, type TestApp } from './testApp';

/** The marketplace apps' service token in API tests (SYSTEM_API_TOKEN: a request with it acts as `system`). */
export const APPS_TOKEN = 'apps-token-0123456789-abcdefghijklmnop';

/**
 * Sets SYSTEM_API_TOKEN for the test file and puts it back afterwards. Call it at the top of the file, before the
 * `beforeAll` that builds the app.
 */
export function useAppsToken(): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.SYSTEM_API_TOKEN;
    process.env.SYSTEM_API_TOKEN = APPS_TOKEN;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.SYSTEM_API_TOKEN;
    else process.env.SYSTEM_API_TOKEN = previous;
  });
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes of many shapes, read field by field
  body: { err_code: number; err_msg: string; data: any };
}

/** A call as `token` (a staff member's, or APPS_TOKEN), answered with the HTTP status and the envelope. */
export async function callAs(
  app: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const res = await app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Answer['body'] };
}
