import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// An order's `refuse_reason` is the reason of the refusal it is in now: cancelling a refused order clears it, as a
// reassignment does (the order machine's noteCancellation). Orders cancelled before kept it: cleared here, as a
// rebuild from the log now gives. The refusal stays in the log and on the order's timeline.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update orders set refuse_reason = null where fulfilment = 'cancelled' and refuse_reason is not null`.execute(
    db,
  );
}

// Nothing to undo: the reasons are in the log (a rebuild with the old code would give them back).
export async function down(): Promise<void> {}
