import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The notices read model (the `notice` event streams are the source of truth), the sequence of their ids, and the
// index that tells whether one reader has read a broadcast notice (its `NoticeRead` facts in the log).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence notice_id_seq`.execute(db);
  await db.schema
    .createTable('notices')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'integer')
    .addColumn('to_user_name', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('notice_time', 'timestamptz', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull())
    .addColumn('read_count', 'integer', (c) => c.notNull())
    .addColumn('audit_state', 'text', (c) => c.notNull())
    .addColumn('audit_failed_reason', 'text')
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('ref', 'jsonb')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`
    create index events_notice_reader_idx on events (stream_id, (data->'reader'->>'kind'), (data->'reader'->>'id'))
    where stream_type = 'notice' and type = 'NoticeRead'
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_notice_reader_idx`.execute(db);
  await db.schema.dropTable('notices').ifExists().execute();
  await sql`drop sequence if exists notice_id_seq`.execute(db);
}
