import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The suppliers projection (read model of the `supplier` event streams; rebuildable from the log) and the
// sequence that allocates supplier ids (kept apart from the table so a rebuild never disturbs it).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence supplier_id_seq`.execute(db);
  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('covers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('full_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('birthday', 'text', (c) => c.notNull())
    .addColumn('id_card_no', 'text', (c) => c.notNull())
    .addColumn('id_card_front', 'text', (c) => c.notNull())
    .addColumn('id_card_back', 'text', (c) => c.notNull())
    .addColumn('licence_issuing_authority', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expire_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text')
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('is_display', 'boolean', (c) => c.notNull())
    .addColumn('audit_state', 'text', (c) => c.notNull())
    .addColumn('audit_failed_reason', 'text')
    .addColumn('ranking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suppliers_audit_state_idx').on('suppliers').column('audit_state').execute();
  await db.schema.createIndex('suppliers_state_idx').on('suppliers').column('state').execute();
  await db.schema.createIndex('suppliers_city_idx').on('suppliers').column('city').execute();
  await db.schema.createIndex('suppliers_ranking_idx').on('suppliers').columns(['ranking', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('suppliers').ifExists().execute();
  await sql`drop sequence if exists supplier_id_seq`.execute(db);
}
