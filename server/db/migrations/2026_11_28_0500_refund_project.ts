import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A refund's row carries its order's project (`project_id`), for the refund lists' project filter: found through
// the order, counting one project's refunds joined every refund with the project's orders (2.5 s at a million
// orders). The refunds projection fills it when it writes a refund's row, from the order's row (its `derived`
// column; an order's project never changes); the refunds stored before get it here, the same way.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds add column project_id integer`.execute(db);
  await sql`update refunds set project_id = orders.project_id from orders where orders.id = refunds.order_id`.execute(
    db,
  );
  await sql`alter table refunds alter column project_id set not null`.execute(db);
  // The planner's statistics know nothing of the new column until the next analysis: made now (a sample).
  await sql`analyze refunds`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds drop column if exists project_id`.execute(db);
}
