import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The activities read model (the `activity` event streams are the source of truth), the sequence of their ids, and
// the view the list reads: the table's columns and `state`, where the clock is in the window at the time of the
// query (now() is the transaction's start). The same rule as activityPhaseAt (src/machines/lifecycles/
// activityMachine.ts); a test holds the two together. `a.*` is expanded when the view is made: a migration that
// adds a column to `activities` makes the view again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence activity_id_seq`.execute(db);
  await db.schema
    .createTable('activities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('cities', 'jsonb', (c) => c.notNull())
    .addColumn('projects', 'jsonb', (c) => c.notNull())
    .addColumn('is_published', 'boolean', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`
    create view activity_rows as
    select a.*,
      case
        when not a.is_published then 'draft'
        when now() < a.starts_at then 'scheduled'
        when now() < a.ends_at then 'running'
        else 'ended'
      end as state
    from activities a
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view if exists activity_rows`.execute(db);
  await db.schema.dropTable('activities').ifExists().execute();
  await sql`drop sequence if exists activity_id_seq`.execute(db);
}
