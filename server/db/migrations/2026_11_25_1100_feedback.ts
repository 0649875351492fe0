import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The feedback read model (the `feedback` event streams are the source of truth, the conversation included) and
// the sequence of its ids.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence feedback_id_seq`.execute(db);
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'jsonb', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('from_kind', 'text', (c) => c.notNull())
    .addColumn('from_id', 'integer', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('order_no', 'text')
    .addColumn('supplier_id', 'integer')
    .addColumn('supplier_name', 'text')
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('resolution_note', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').ifExists().execute();
  await sql`drop sequence if exists feedback_id_seq`.execute(db);
}
