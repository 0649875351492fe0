import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The service cities projection (read model of the `service_city` event streams) and the sequence that allocates
// their ids. `name_key` (lower-cased, trimmed name) is unique: names are unique case-insensitively.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence service_city_id_seq`.execute(db);
  await db.schema
    .createTable('service_cities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('ranking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_cities_ranking_idx')
    .on('service_cities')
    .columns(['ranking', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_cities').ifExists().execute();
  await sql`drop sequence if exists service_city_id_seq`.execute(db);
}
