import type { HistoryEntry } from '@/contract/api';
import { evolve, start, type Fact } from '@/machines/lifecycles/lifecycle';
import {
  SUPPLIER_REGISTERED,
  statusOf,
  supplierLifecycle,
  type AuditState,
  type SupplierSnapshot,
} from '@/machines/lifecycles/supplierLifecycle';

/**
 * A supplier's audit flow as steps, read from its stored history (`GET /api/suppliers/:id/events`): the history is
 * replayed through the supplier lifecycle (the same `evolve` the server rebuilds with), and every fact that moves
 * the audit region is a step — submitted (registration), resubmitted (after a rejection), sent back to audit (an
 * identity edit of a passed supplier), approved, rejected (with its reason). Facts that leave the audit as it was
 * (service, display, ranking, other edits) are not steps. While the supplier waits for audit, a last step with no
 * time stands for the audit to come. Pure.
 */

export type AuditStepKind = 'submitted' | 'resubmitted' | 'returned' | 'approved' | 'rejected' | 'waiting';

export type StepActor = { apps: true } | { apps: false; name: string };

export interface AuditStep {
  kind: AuditStepKind;
  /** The history entry's version (null for the step still to come). */
  version: number | null;
  /** When it happened (ISO); null for the step still to come. */
  at: string | null;
  /** Who did it: a staff member by name (or email), or the marketplace apps; null for the step still to come. */
  by: StepActor | null;
  /** A rejection's reason. */
  reason: string | null;
}

export interface AuditFlow {
  steps: AuditStep[];
  /** The index of the step the supplier is at now (the last one); -1 when there are none. */
  current: number;
  /** The audit state the history ends in; null when it holds no registration. */
  state: AuditState | null;
}

const KIND_OF_STATE: Record<AuditState, AuditStepKind> = {
  waiting_audit: 'returned',
  pass: 'approved',
  reject: 'rejected',
};

const auditOf = (snapshot: SupplierSnapshot) => statusOf(snapshot).audit_state;

/** Who stored a fact, as a step names them (the `system` actor is the marketplace apps). */
export function stepActorOf(actor: HistoryEntry['actor']): StepActor {
  if (actor.role === 'system') return { apps: true };
  return { apps: false, name: actor.name || actor.email || actor.role || '—' };
}

export function auditFlowOf(history: readonly HistoryEntry[]): AuditFlow {
  const entries = [...history].sort((a, b) => a.version - b.version);
  const created = entries[0];
  if (created?.type !== SUPPLIER_REGISTERED) return { steps: [], current: -1, state: null };
  const stepOf = (entry: HistoryEntry, kind: AuditStepKind): AuditStep => ({
    kind,
    version: entry.version,
    at: entry.occurred_at,
    by: stepActorOf(entry.actor),
    reason: kind === 'rejected' ? entry.reason : null,
  });
  let snapshot = start(supplierLifecycle, created.data) as SupplierSnapshot;
  const steps: AuditStep[] = [stepOf(created, 'submitted')];
  for (const entry of entries.slice(1)) {
    const before = auditOf(snapshot);
    const fact: Fact = { type: entry.type, data: entry.data, reason: entry.reason };
    snapshot = evolve(supplierLifecycle, snapshot, fact);
    const after = auditOf(snapshot);
    if (after === before) continue;
    steps.push(stepOf(entry, entry.type === 'SupplierResubmitted' ? 'resubmitted' : KIND_OF_STATE[after]));
  }
  const state = auditOf(snapshot);
  if (state === 'waiting_audit')
    steps.push({ kind: 'waiting', version: null, at: null, by: null, reason: null });
  return { steps, current: steps.length - 1, state };
}
