import type { Selectable } from 'kysely';
import type { FeedbackDto } from '../../../src/contract/feedback.schema';
import {
  feedbackSnapshot,
  feedbackStateOf,
  type FeedbackSnapshot,
  type FeedbackState,
} from '../../../src/machines/lifecycles/feedbackLifecycle';
import type { FeedbackKind } from '../../../src/machines/lifecycles/feedbackMachine';
import { fromJsonb, toJsonb, type Jsonb } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The feedback read model: one row per piece of feedback, its sender, order and supplier, its state. */

export interface FeedbackTable extends RecordColumns {
  kind: FeedbackKind;
  state: FeedbackState;
  content: string;
  images: Jsonb<string[]>;
  contact: string;
  from_kind: 'customer' | 'supplier';
  from_id: number;
  from_name: string;
  order_id: number | null;
  order_no: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  message_count: number;
  resolution_note: string | null;
}

declare module '../../db/schema' {
  interface Database {
    feedback: FeedbackTable;
  }
}

export type FeedbackRow = Selectable<FeedbackTable>;

export const feedbackProjection = tableProjection<FeedbackSnapshot>({
  table: 'feedback',
  toRow: (s) => {
    const c = s.context;
    return {
      kind: c.kind,
      state: feedbackStateOf(s),
      content: c.content,
      images: toJsonb(c.images),
      contact: c.contact,
      from_kind: c.from.kind,
      from_id: c.from.id,
      from_name: c.from.name,
      order_id: c.order?.id ?? null,
      order_no: c.order?.orderNo ?? null,
      supplier_id: c.supplier?.id ?? null,
      supplier_name: c.supplier?.name ?? null,
      message_count: c.messageCount,
      resolution_note: c.resolutionNote,
    };
  },
  fromRow: (row: FeedbackRow) =>
    feedbackSnapshot(row.state, {
      kind: row.kind,
      content: row.content,
      images: fromJsonb<string[]>(row.images),
      contact: row.contact,
      from: { kind: row.from_kind, id: row.from_id, name: row.from_name },
      order: row.order_id !== null ? { id: row.order_id, orderNo: row.order_no ?? '' } : null,
      supplier: row.supplier_id !== null ? { id: row.supplier_id, name: row.supplier_name ?? '' } : null,
      messageCount: row.message_count,
      resolutionNote: row.resolution_note,
    }),
});

export function feedbackToApi(row: Record<string, unknown>): FeedbackDto {
  const r = row as unknown as FeedbackRow;
  return {
    id: r.id,
    version: r.version,
    kind: r.kind,
    state: r.state,
    content: r.content,
    images: fromJsonb<string[]>(r.images),
    contact: r.contact,
    from_kind: r.from_kind,
    from_id: r.from_id,
    from_name: r.from_name,
    order: r.order_id !== null ? { id: r.order_id, orderNo: r.order_no ?? '' } : null,
    supplier: r.supplier_id !== null ? { id: r.supplier_id, name: r.supplier_name ?? '' } : null,
    message_count: r.message_count,
    resolution_note: r.resolution_note,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
