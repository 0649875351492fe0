/** Shapes every entity's API shares (server/kit/routes.ts): a page of a list, a history entry, a bulk outcome. */

export interface ListResult<Row> {
  items: Row[];
  total: number;
  page: number;
  page_size: number;
  counts?: Record<string, number>;
  /** The server stopped counting at 1,000 (a broad search or range): each count is "at least". */
  capped?: boolean;
  /** Where the page begins and ends: sent back as `before` / `after`, the next page is read on from there. */
  cursors?: { before: string; after: string };
}

export interface HistoryEntry {
  version: number;
  /** The stored fact: `SupplierApproved`. */
  type: string;
  data: Record<string, unknown>;
  reason: string | null;
  occurred_at: string;
  actor: { id: number | null; role: string | null; name: string | null; email: string | null };
  /** On an entry of a related record (an order's refund, in the order's history): which record it is. */
  record?: { type: string; id: number };
}

export interface BulkResult {
  id: number;
  ok: boolean;
  err_code: number;
  err_msg: string;
  /** For a refused row: the refusal's details (`reason_key`, state, action). */
  data?: unknown;
}
