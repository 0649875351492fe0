import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Slow clients: a request whose headers or body never finish arriving is ended with a 408 in the envelope.
 * The limits are small here so the test is short; what is asserted is the answer, not how fast it came.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false, timeouts: { headersMs: 400, requestMs: 800, checkIntervalMs: 50 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

/** Sends `text` and never anything more; resolves with what the server wrote before it closed the connection. */
function sendAndWait(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    // Far beyond the limits configured above, far below Node's defaults (no limit for bodies, 60 s for headers).
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it wrote: ${JSON.stringify(data)}`));
    }, 15_000);
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(data);
    });
    socket.on('error', () => undefined);
  });
}

function expect408(raw: string): void {
  expect(raw).toMatch(/^HTTP\/1\.1 408 /);
  expect(raw).toMatch(/\r\nConnection: close\r\n/i);
  expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
    err_code: 408,
    err_msg: 'The request took too long to arrive.',
    data: { reason_key: 'errors.clientError', values: { status: 408 } },
  });
}

describe('requests that never finish arriving', () => {
  it('ends unfinished headers with a 408 envelope and closes the connection', async () => {
    expect408(await sendAndWait('POST /api/sanctum-auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: app'));
  });

  it('ends an unfinished body with a 408 envelope and closes the connection', async () => {
    expect408(
      await sendAndWait(
        'POST /api/sanctum-auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"email": "admin@example.com", ',
      ),
    );
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
