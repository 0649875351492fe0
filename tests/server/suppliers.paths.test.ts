import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  declaredStates,
  declaredTransitions,
  describeEvents,
  isActive,
  replay,
  selectedTransitions,
  walkMachine,
} from '../../scripts/machineGraph';
import { statusOf, type SupplierSnapshot } from '../../src/machines/lifecycles/supplierLifecycle';
import { supplierMachine, type SupplierEvent } from '../../src/machines/lifecycles/supplierMachine';
import { serializeSupplier, supplierEvents, supplierInput } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/**
 * The lifecycle machine and the API agree: for a path to every declared state and through every declared
 * transition, the same events sent to the API are all accepted and end in the same state after every step,
 * and at the end every event the machine refuses there is refused by the API too (409, nothing appended).
 */

const walk = walkMachine(supplierMachine, {
  input: supplierInput,
  events: (s: AnyMachineSnapshot) => supplierEvents(s as SupplierSnapshot),
  serializeState: serializeSupplier,
});

const paths = new Map<string, { label: string; events: AnyEventObject[] }>();
for (const node of declaredStates(supplierMachine)) {
  const found = [...walk.pathTo.entries()].find(([key]) => isActive(walk.snapshots.get(key)!, node));
  if (found) paths.set(JSON.stringify(found[1]), { label: `reaches ${node.id}`, events: found[1] });
}
for (const t of declaredTransitions(supplierMachine)) {
  const step = walk.steps.find(
    (s) =>
      s.event.type === t.eventType &&
      walk.pathTo.has(s.fromKey) &&
      selectedTransitions(supplierMachine, s.from, s.event).includes(t.key),
  );
  if (!step) continue;
  const events = [...walk.pathTo.get(step.fromKey)!, step.event];
  if (!paths.has(JSON.stringify(events)))
    paths.set(JSON.stringify(events), { label: `takes ${t.key}`, events });
}

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir });
  // Suppliers live in open service cities: the demo cities (Beijing, Shanghai, …) as on a real start.
  await (await import('../../server/modules/serviceCities/seed')).seedServiceCities(t.db);
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
});
afterAll(async () => t?.close());

async function post(url: string, payload: object) {
  const r = await t.app.inject({
    method: 'POST',
    url,
    headers: admin,
    payload: payload as Record<string, unknown>,
  });
  return { status: r.statusCode, body: r.json() as { err_code: number; err_msg: string; data: Any } };
}

describe('supplier API follows the lifecycle machine', () => {
  it('has a path for every declared state and transition', () => {
    expect(paths.size).toBeGreaterThanOrEqual(declaredStates(supplierMachine).length);
  });

  for (const { label, events } of paths.values()) {
    it(`${label} via ${describeEvents(events)}: same states, same refusals`, async () => {
      const created = await post('/api/suppliers', supplierInput.profile);
      expect(created.status, created.body.err_msg).toBe(200);
      const id = created.body.data.id as number;
      let version = created.body.data.version as number;
      for (let i = 0; i < events.length; i++) {
        const r = await post(`/api/suppliers/${id}/events`, { ...events[i], expectedVersion: version });
        expect(r.status, `${events[i].type}: ${r.body.err_msg}`).toBe(200);
        version = r.body.data.supplier.version;
        const expected = statusOf(
          replay(supplierMachine, events.slice(0, i + 1), supplierInput) as SupplierSnapshot,
        );
        const { audit_state, state, is_enabled, is_display } = r.body.data.supplier;
        expect({ audit_state, state, is_enabled, is_display }).toEqual(expected);
      }
      const end = replay(supplierMachine, events, supplierInput) as SupplierSnapshot;
      for (const event of supplierEvents(end) as SupplierEvent[]) {
        if (end.can(event)) continue;
        const r = await post(`/api/suppliers/${id}/events`, { ...event, expectedVersion: version });
        expect(r.status, `${event.type} should be refused`).toBe(409);
        expect(r.body.err_code).toBe(40902);
      }
      const after = await t.app.inject({ method: 'GET', url: `/api/suppliers/${id}`, headers: admin });
      expect(after.json().data.version).toBe(version);
    });
  }
});
