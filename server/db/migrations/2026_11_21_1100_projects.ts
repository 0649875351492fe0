import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The projects projection (read model of the `project` event streams; rebuildable from the log) and the
// sequence that allocates project ids (kept apart from the table so a rebuild never disturbs it).
// Prices are integer fen (1 yuan = 100 fen); the API converts to and from yuan with two decimals.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence project_id_seq`.execute(db);
  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('carouse_covers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('min_price_fen', 'integer', (c) => c.notNull())
    .addColumn('max_price_fen', 'integer')
    .addColumn('duration', 'integer')
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avoid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_instruction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ranking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_display', 'boolean', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_ranking_idx').on('projects').columns(['ranking', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projects').ifExists().execute();
  await sql`drop sequence if exists project_id_seq`.execute(db);
}
