import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The promotion channels' read model (the `channel` event streams are the source of truth) and the sequence of
// their ids. The promotion's days are kept as the start of each day in UTC, so the list's date filter reads them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence channel_id_seq`.execute(db);
  await db.schema
    .createTable('channels')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel_type', 'text', (c) => c.notNull())
    .addColumn('promote_from', 'timestamptz', (c) => c.notNull())
    .addColumn('promote_to', 'timestamptz', (c) => c.notNull())
    .addColumn('promote_link', 'text', (c) => c.notNull())
    .addColumn('ad_source', 'text', (c) => c.notNull())
    .addColumn('ad_media', 'text', (c) => c.notNull())
    .addColumn('keywords', 'jsonb', (c) => c.notNull())
    .addColumn('ad_content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channels').ifExists().execute();
  await sql`drop sequence if exists channel_id_seq`.execute(db);
}
