import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS_TOKEN, callAs, useAppsToken } from './support/apps';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// The marketplace apps call the API as the system actor with SYSTEM_API_TOKEN (server/auth/guard.ts): a customer
// signs up, tops up and places and pays an order over HTTP; the policy table keeps staff and apps apart.

useAppsToken();
let app: TestApp;
let staff: string;

beforeAll(async () => {
  app = await createTestApp();
  staff = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await app?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callAs(app, token, method, url, payload);

async function openCityAndProject() {
  const cities = await call(staff, 'GET', '/api/service-cities?is_enabled=true&sort=ranking');
  const projects = await call(staff, 'GET', '/api/projects?is_enabled=true&kind=normal&page_size=100');
  const project = projects.body.data.items[0];
  return { city: cities.body.data.items[0].name as string, project };
}

describe('the system actor', () => {
  it('signs a customer up, tops up, places and pays an order; the log records the apps as the actor', async () => {
    const { city, project } = await openCityAndProject();
    const customer = await call(APPS_TOKEN, 'POST', '/api/customers', {
      name: 'Zhou Min',
      mobile: '13912345678',
      city,
    });
    expect(customer.status, customer.body.err_msg).toBe(200);
    const id = customer.body.data.id;
    const topUp = await call(APPS_TOKEN, 'POST', `/api/customers/${id}/events`, {
      type: 'customer.topUp',
      amountFen: 100_000,
      expectedVersion: customer.body.data.version,
    });
    expect(topUp.status, topUp.body.err_msg).toBe(200);
    const placed = await call(APPS_TOKEN, 'POST', '/api/orders', {
      customer_id: id,
      project_id: project.id,
      city,
      address: '8 Garden Road',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      amount_fen: Math.round(Number(project.min_price) * 100),
    });
    expect(placed.status, placed.body.err_msg).toBe(200);
    const order = placed.body.data;
    const paid = await call(APPS_TOKEN, 'POST', `/api/orders/${order.id}/events`, {
      type: 'order.pay',
      method: 'wallet',
      expectedVersion: order.version,
    });
    expect(paid.status, paid.body.err_msg).toBe(200);
    expect(paid.body.data.order.payment).toBe('paid');
    const history = await call(staff, 'GET', `/api/orders/${order.id}/events`);
    const actors = (history.body.data as Array<{ actor: { id: number | null; role: string } }>).map(
      (e) => e.actor,
    );
    expect(actors.length).toBeGreaterThanOrEqual(2);
    for (const actor of actors) expect(actor).toMatchObject({ id: null, role: 'system' });
  });

  it('is refused what only staff may do, and staff are refused what only the apps do', async () => {
    const orders = await call(staff, 'GET', '/api/orders?page_size=1');
    const order = orders.body.data.items[0];
    const cancel = await call(APPS_TOKEN, 'POST', `/api/orders/${order.id}/events`, {
      type: 'order.cancel',
      reason: 'no',
      expectedVersion: order.version,
    });
    expect(cancel.status).toBe(403);
    const accept = await call(staff, 'POST', `/api/orders/${order.id}/events`, {
      type: 'order.accept',
      expectedVersion: order.version,
    });
    expect(accept.status).toBe(403);
    const admin = await app.login(ADMIN.email, ADMIN.password);
    const read = await call(APPS_TOKEN, 'GET', '/api/orders?page_size=1');
    expect(read.status).toBe(403);
    expect((await call(admin, 'GET', '/api/orders?page_size=1')).status).toBe(200);
  });

  it('is nobody without the exact token, or when the configured token is too short', async () => {
    expect((await call(`${APPS_TOKEN}x`, 'GET', '/api/orders')).status).toBe(401);
    process.env.SYSTEM_API_TOKEN = 'short';
    try {
      expect(
        (await call('short', 'POST', '/api/customers', { name: 'A', mobile: '13900000000', city: 'x' }))
          .status,
      ).toBe(401);
    } finally {
      process.env.SYSTEM_API_TOKEN = APPS_TOKEN;
    }
  });
});
