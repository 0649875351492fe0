import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/contract/api';
import { decide, start, type Fact } from '@/machines/lifecycles/lifecycle';
import {
  SUPPLIER_REGISTERED,
  supplierLifecycle,
  type SupplierCommand,
  type SupplierSnapshot,
} from '@/machines/lifecycles/supplierLifecycle';
import { auditFlowOf } from '@/machines/screens/auditSteps';
import { validProfile } from '../lifecycles/supplierFixtures';

const STAFF = { id: 2, role: 'user', name: 'Staff', email: 'staff@example.com' };
const ADMIN = { id: 1, role: 'admin', name: null, email: 'admin@example.com' };
const APPS = { id: null, role: 'system', name: null, email: null };
type Actor = typeof STAFF | typeof ADMIN | typeof APPS;

/**
 * A supplier's history as `GET /api/suppliers/:id/events` answers it, newest first: the registration, then each
 * command's facts as the lifecycle decides them (what the server stores), one minute apart.
 */
function historyOf(commands: Array<[SupplierCommand, Actor]>): HistoryEntry[] {
  const creation = { profile: validProfile(), ranking: 0 };
  let snapshot = start(supplierLifecycle, creation) as SupplierSnapshot;
  const facts: Array<[Fact, Actor]> = [[{ type: SUPPLIER_REGISTERED, data: creation }, STAFF]];
  for (const [command, actor] of commands) {
    const decision = decide(supplierLifecycle, snapshot, command);
    if (!decision.accepted) throw new Error(`${command.type} refused: ${decision.message}`);
    snapshot = decision.snapshot;
    for (const fact of decision.facts) facts.push([fact, actor]);
  }
  return facts
    .map(([fact, actor], i) => ({
      version: i + 1,
      type: fact.type,
      data: fact.data,
      reason: fact.reason ?? null,
      occurred_at: new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString(),
      actor,
    }))
    .reverse();
}

describe('auditFlowOf', () => {
  it('reads a reject, resubmit, approve history as four steps, the approval current', () => {
    const history = historyOf([
      [{ type: 'supplier.reject', reason: 'The ID card photo is blurred' }, ADMIN],
      [{ type: 'supplier.edit', changes: { id_card_front: '/uploads/front-2.png' } }, STAFF],
      [{ type: 'supplier.resubmit' }, STAFF],
      [{ type: 'supplier.approve' }, ADMIN],
      [{ type: 'supplier.takeOrders' }, STAFF],
    ]);
    const flow = auditFlowOf(history);
    expect(flow.steps.map((s) => s.kind)).toEqual(['submitted', 'rejected', 'resubmitted', 'approved']);
    expect(flow.current).toBe(3);
    expect(flow.state).toBe('pass');
    const [submitted, rejected, resubmitted, approved] = flow.steps;
    expect(submitted).toMatchObject({ version: 1, by: { apps: false, name: 'Staff' }, reason: null });
    expect(rejected).toMatchObject({
      version: 2,
      by: { apps: false, name: 'admin@example.com' },
      reason: 'The ID card photo is blurred',
      at: '2026-11-20T09:01:00.000Z',
    });
    // The edit between (version 3) leaves the audit as it is: not a step.
    expect(resubmitted).toMatchObject({ version: 4, by: { apps: false, name: 'Staff' }, reason: null });
    expect(approved).toMatchObject({
      version: 5,
      by: { apps: false, name: 'admin@example.com' },
      at: '2026-11-20T09:04:00.000Z',
    });
  });

  it('ends with the audit to come while the supplier waits for it', () => {
    const flow = auditFlowOf(
      historyOf([
        [{ type: 'supplier.reject', reason: 'Wrong city' }, ADMIN],
        [{ type: 'supplier.resubmit' }, STAFF],
      ]),
    );
    expect(flow.steps.map((s) => s.kind)).toEqual(['submitted', 'rejected', 'resubmitted', 'waiting']);
    expect(flow.steps[3]).toEqual({ kind: 'waiting', version: null, at: null, by: null, reason: null });
    expect(flow.current).toBe(3);
    expect(flow.state).toBe('waiting_audit');
  });

  it('a new registration is submitted and waiting', () => {
    const flow = auditFlowOf(historyOf([]));
    expect(flow.steps.map((s) => s.kind)).toEqual(['submitted', 'waiting']);
    expect(flow.current).toBe(1);
  });

  it('an identity edit of a passed supplier sends it back to audit; other edits and service facts do not', () => {
    const flow = auditFlowOf(
      historyOf([
        [{ type: 'supplier.approve' }, ADMIN],
        [{ type: 'supplier.takeOrders' }, STAFF],
        [{ type: 'supplier.edit', changes: { bio: 'Twelve years now.' } }, STAFF],
        [{ type: 'supplier.edit', changes: { real_name: 'Zhang Sansan' } }, STAFF],
        [{ type: 'supplier.approve' }, ADMIN],
      ]),
    );
    expect(flow.steps.map((s) => [s.kind, s.version])).toEqual([
      ['submitted', 1],
      ['approved', 2],
      ['returned', 5],
      ['approved', 6],
    ]);
  });

  it('a passed supplier rejected again (approval revoked) is a rejection with its reason', () => {
    const flow = auditFlowOf(
      historyOf([
        [{ type: 'supplier.approve' }, ADMIN],
        [{ type: 'supplier.reject', reason: '  Licence expired ' }, ADMIN],
      ]),
    );
    expect(flow.steps.map((s) => s.kind)).toEqual(['submitted', 'approved', 'rejected']);
    expect(flow.steps[2]!.reason).toBe('Licence expired');
    expect(flow.state).toBe('reject');
  });

  it('names the marketplace apps for what they did', () => {
    const flow = auditFlowOf(historyOf([[{ type: 'supplier.approve' }, APPS]]));
    expect(flow.steps.map((s) => s.by)).toEqual([{ apps: false, name: 'Staff' }, { apps: true }]);
  });

  it('takes the history in any order and has no steps without a registration', () => {
    const history = historyOf([[{ type: 'supplier.approve' }, ADMIN]]);
    expect(auditFlowOf([...history].reverse())).toEqual(auditFlowOf(history));
    expect(auditFlowOf([])).toEqual({ steps: [], current: -1, state: null });
    expect(auditFlowOf(history.slice(0, 1))).toEqual({ steps: [], current: -1, state: null });
  });
});
