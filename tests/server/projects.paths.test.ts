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
import { decide, statusOf, type ProjectSnapshot } from '../../src/machines/lifecycles/projectLifecycle';
import { projectMachine, type ProjectEvent } from '../../src/machines/lifecycles/projectMachine';
import { rebuildProjectProjection } from '../../server/modules/projects/rebuild';
import {
  projectEvents,
  projectInput,
  serializeProject,
  validForm,
} from '../machines/lifecycles/projectFixtures';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/**
 * The lifecycle machine and the API agree: for a path to every declared state and through every declared
 * transition, the same events sent to the API are accepted and end in the same state after every step, and every
 * event the machine refuses at the end is refused by the API too (409, nothing appended). Then random command
 * sequences, and a rebuild of the projection from the log reproduces the live rows exactly.
 */

const walk = walkMachine(projectMachine, {
  input: projectInput,
  events: (s: AnyMachineSnapshot) => projectEvents(s as ProjectSnapshot),
  serializeState: serializeProject,
});

const paths = new Map<string, { label: string; events: AnyEventObject[] }>();
for (const node of declaredStates(projectMachine)) {
  const found = [...walk.pathTo.entries()].find(([key]) => isActive(walk.snapshots.get(key)!, node));
  if (found) paths.set(JSON.stringify(found[1]), { label: `reaches ${node.id}`, events: found[1] });
}
for (const tr of declaredTransitions(projectMachine)) {
  const step = walk.steps.find(
    (s) =>
      s.event.type === tr.eventType &&
      walk.pathTo.has(s.fromKey) &&
      selectedTransitions(projectMachine, s.from, s.event).includes(tr.key),
  );
  if (!step) continue;
  const events = [...walk.pathTo.get(step.fromKey)!, step.event];
  if (!paths.has(JSON.stringify(events)))
    paths.set(JSON.stringify(events), { label: `takes ${tr.key}`, events });
}

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir });
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
});
afterAll(async () => t?.close());

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  const r = await t.app.inject({ method, url, headers: admin, payload: payload as Record<string, unknown> });
  return { status: r.statusCode, body: r.json() as { err_code: number; err_msg: string; data: Any } };
}

/** A machine event as the API takes it: edits through PUT (form fields), the rest as commands. */
function sendEvent(id: number, event: ProjectEvent, expectedVersion: number) {
  if (event.type === 'project.edit')
    return call('PUT', `/api/projects/${id}`, { ...event.changes, expectedVersion });
  return call('POST', `/api/projects/${id}/events`, { ...event, expectedVersion });
}

async function createProject() {
  const created = await call('POST', '/api/projects', validForm());
  expect(created.status, created.body.err_msg).toBe(200);
  return { id: created.body.data.id as number, version: created.body.data.version as number };
}

describe('project API follows the lifecycle machine', () => {
  it('has a path for every declared state and transition', () => {
    expect(paths.size).toBeGreaterThanOrEqual(declaredStates(projectMachine).length);
  });

  for (const { label, events } of paths.values()) {
    it(`${label} via ${describeEvents(events)}: same states, same refusals`, async () => {
      const { id } = await createProject();
      let version = 1;
      for (let i = 0; i < events.length; i++) {
        const r = await sendEvent(id, events[i] as ProjectEvent, version);
        expect(r.status, `${events[i].type}: ${r.body.err_msg}`).toBe(200);
        version = r.body.data.project.version;
        const expected = statusOf(
          replay(projectMachine, events.slice(0, i + 1), projectInput) as ProjectSnapshot,
        );
        const { is_enabled, is_display } = r.body.data.project;
        expect({ is_enabled, is_display }).toEqual(expected);
      }
      const end = replay(projectMachine, events, projectInput) as ProjectSnapshot;
      for (const event of projectEvents(end)) {
        if (end.can(event)) continue;
        const r = await sendEvent(id, event, version);
        expect(r.status, `${event.type} should be refused`).toBe(409);
        expect(r.body.err_code).toBe(40902);
      }
      const after = await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: admin });
      expect(after.json().data.version).toBe(version);
    });
  }
});

describe('rebuilding the projection from the log', () => {
  it('reproduces the live rows after 60 random command sequences (accepted and refused alike)', async () => {
    // A small deterministic generator (no Math.random): the same sequences on every run.
    let seed = 20261121;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let p = 0; p < 60; p++) {
      const { id } = await createProject();
      let version = 1;
      let snapshot = replay(projectMachine, [], projectInput) as ProjectSnapshot;
      const steps = next(8);
      for (let s = 0; s < steps; s++) {
        const options: ProjectEvent[] = [
          ...projectEvents(snapshot),
          { type: 'project.rank', ranking: next(50) },
          { type: 'project.edit', changes: { max_price: 30000 + next(5) * 100 } },
        ];
        const event = options[next(options.length)]!;
        const wire =
          event.type === 'project.edit' && 'max_price' in event.changes
            ? ({
                type: 'project.edit',
                changes: { max_price: String(event.changes.max_price! / 100) },
              } as never)
            : event;
        const r = await sendEvent(id, wire, version);
        const decision = decide(snapshot, event);
        if (decision.accepted) {
          expect(r.status, `${event.type}: ${r.body.err_msg}`).toBe(200);
          version = r.body.data.project.version;
          snapshot = decision.snapshot;
          const row = r.body.data.project;
          expect({ is_enabled: row.is_enabled, is_display: row.is_display }).toEqual(statusOf(snapshot));
          expect(row.ranking).toBe(snapshot.context.ranking);
        } else {
          expect(r.status, `${event.type} should be refused`).toBe(409);
        }
      }
    }
    const live = await t.db.selectFrom('projects').selectAll().orderBy('id').execute();
    expect(await rebuildProjectProjection(t.db)).toBe(live.length);
    const rebuilt = await t.db.selectFrom('projects').selectAll().orderBy('id').execute();
    expect(rebuilt).toEqual(live);
  });
});
