import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { AnyEntity } from '../../server/kit/entity';
import { policyFirstOfAny } from '../../server/kit/policyFirst';
import { modules } from '../../server/modules/index';
import { mayRole, policyReason, type Role } from '../../src/contract/policy';
import { APPS_TOKEN, callAs, useAppsToken } from './support/apps';
import { expectReasonText } from './support/reasonText';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

/**
 * A role the policy table refuses an action is told so (403, the policy's reason) before anything about its request:
 * a member who may not approve a supplier learns that, not that the body lacks its version. Every entity's every
 * action the request names (a read, a create, each command; a bulk command answers each record's refusal on its
 * own, tests/e2e/supplierRoles.test.ts), for each role that may not, with a body and a query the schema would refuse.
 */

useAppsToken();
let app: TestApp;
const tokens: Partial<Record<Role, string>> = { system: APPS_TOKEN };

beforeAll(async () => {
  app = await createTestApp();
  tokens.user = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => app?.close());

const entities = modules.flatMap((module) => module.entities ?? []);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Attempt {
  /** The action the request names (an edit: the first of those it could make, the reason it is refused with). */
  action: string;
  /** For an edit: the other command types it could make; a role that may take any of them is not refused first. */
  orElse?: readonly string[];
  method: Method;
  url: string;
  body?: unknown;
}

/** The routes an entity adds to its standard ones (`more`) that name their action. */
const MORE: Record<string, Attempt[]> = {
  serviceCity: [
    { action: 'serviceCity.delete', method: 'DELETE', url: '/api/service-cities/0?expectedVersion=x' },
  ],
  customer: [{ action: 'customer.read', method: 'GET', url: '/api/customers/0/ledger?page=0' }],
  order: [{ action: 'order.read', method: 'GET', url: `/api/orders/0/candidates?q=${'x'.repeat(101)}` }],
};

/** An entity's edit (`PUT <path>/:id`), with a body its schema would refuse. */
function editOf(entity: AnyEntity): Attempt[] {
  if (!entity.edit) return [];
  const [action, ...orElse] = entity.edit.actions ?? [`${entity.lifecycle.name}.edit`];
  return [{ action: action!, orElse, method: 'PUT', url: `${entity.path}/1`, body: { unknown: true } }];
}

/** The requests naming each action of an entity, as its routes take them (entityRoutes, singletonRoutes, commission). */
function requestsOf(entity: AnyEntity): Attempt[] {
  const name = entity.lifecycle.name;
  const types = Object.keys(entity.commands.fields);
  const read: Attempt = { action: `${name}.read`, method: 'GET', url: `${entity.path}?page_size=none` };
  if (entity.singleton && name !== 'commission')
    return [read, { action: types[0]!, method: 'PUT', url: entity.path, body: { settings: 'none' } }];
  if (name === 'commission')
    return [
      { action: 'commission.setDefault', method: 'PUT', url: entity.path, body: { default_rate: [] } },
      ...types.map((type): Attempt => ({
        action: type,
        method: 'POST',
        url: `${entity.path}/events`,
        body: { type },
      })),
    ];
  return [
    read,
    { action: `${name}.read`, method: 'GET', url: `${entity.path}/export.csv?sort=none` },
    { action: `${name}.read`, method: 'GET', url: `${entity.path}/0` },
    { action: `${name}.read`, method: 'GET', url: `${entity.path}/0/events` },
    { action: `${name}.create`, method: 'POST', url: entity.path, body: { unknown: true } },
    ...types.map((type): Attempt => ({
      action: type,
      method: 'POST',
      url: `${entity.path}/1/events`,
      body: { type },
    })),
    ...editOf(entity),
    ...(MORE[name] ?? []),
  ];
}

describe('the policy before the schema', () => {
  it('has requests to try for every entity', () => {
    expect(entities.length).toBeGreaterThan(10);
  });

  for (const entity of entities) {
    it(`${entity.lifecycle.name}: a role the policy refuses is told so, whatever else its request lacks`, async () => {
      let refused = 0;
      for (const request of requestsOf(entity)) {
        for (const role of ['user', 'system'] as const) {
          if ([request.action, ...(request.orElse ?? [])].some((action) => mayRole(role, action))) continue;
          const answer = await callAs(app, tokens[role]!, request.method, request.url, request.body);
          const said = `${role} ${request.method} ${request.url} ${JSON.stringify(request.body ?? '')}`;
          expect(answer.status, `${said}: ${answer.body.err_msg}`).toBe(403);
          expect(answer.body.data.reason_key, said).toBe(policyReason(request.action));
          expectReasonText(answer.body.data, said);
          refused++;
        }
      }
      // Every entity has an action one of the two roles may not take (the apps read no console list).
      expect(refused).toBeGreaterThan(0);
    });
  }
});

describe('a role the policy allows', () => {
  it("is told what its request lacks, and a command type nobody knows is the schema's to refuse", async () => {
    const admin = await app.login(ADMIN.email, ADMIN.password);
    const lacking = await callAs(app, admin, 'POST', '/api/suppliers/1/events', { type: 'supplier.approve' });
    expect(lacking.status).toBe(400);
    expect(lacking.body.data.field).toBe('expectedVersion');
    for (const token of [admin, tokens.user!]) {
      const unknown = await callAs(app, token, 'POST', '/api/suppliers/1/events', { type: 'supplier.fly' });
      expect(unknown.status).toBe(400);
      expectReasonText(unknown.body.data);
    }
    expect((await callAs(app, admin, 'GET', '/api/suppliers?page_size=none')).status).toBe(400);
    const edit = await callAs(app, tokens.user!, 'PUT', '/api/suppliers/1', { unknown: true });
    expect(edit.status).toBe(400);
    expectReasonText(edit.body.data);
  });
});

describe('an edit that could make several commands', () => {
  const supplier = entities.find((entity) => entity.lifecycle.name === 'supplier')!;
  const asUser = { user: { id: 2, role: 'user' } } as unknown as FastifyRequest;

  it("is left to the pipeline when the role may take any of them, and refused with the first one's reason when none", async () => {
    await expect(
      policyFirstOfAny(supplier, ['supplier.enable', 'supplier.edit'])(asUser),
    ).resolves.toBeUndefined();
    await expect(
      policyFirstOfAny(supplier, ['supplier.enable', 'supplier.close'])(asUser),
    ).rejects.toMatchObject({
      statusCode: 403,
      data: { reason_key: policyReason('supplier.enable') },
      // Words that name neither: the edit may have asked for the other.
      message: 'Only administrators may change supplier records; you are signed in as a user.',
    });
    // An edit declared with no commands, or with one the policy table does not know, stops the server at its start.
    expect(() => policyFirstOfAny(supplier, [])).toThrow(/an edit's actions/);
    expect(() => policyFirstOfAny(supplier, ['supplier.fly'])).toThrow(/supplier\.fly/);
  });
});
