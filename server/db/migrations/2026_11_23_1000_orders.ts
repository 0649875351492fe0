import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The read models of customer accounts, service orders, renewals and refunds (their event streams are the source
// of truth) and the sequences that allocate their ids. Money is integer fen (a wallet's balance a bigint, read back as a number). Projects gain their kind: normal, or
// renewable with a unit and a price per extra unit.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const seq of ['customer_id_seq', 'order_id_seq', 'renewal_id_seq', 'refund_id_seq']) {
    await sql`create sequence ${sql.raw(seq)}`.execute(db);
  }
  await db.schema
    .alterTable('projects')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('renewal_unit', 'text')
    .addColumn('renewal_unit_price_fen', 'integer')
    .execute();
  const meta = (t: CreateTableBuilder<string>) =>
    t
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull());

  await meta(
    db.schema
      .createTable('customers')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('is_enabled', 'boolean', (c) => c.notNull())
      .addColumn('balance_fen', 'bigint', (c) => c.notNull()),
  ).execute();

  await meta(
    db.schema
      .createTable('orders')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('project_name', 'text', (c) => c.notNull())
      .addColumn('project', 'jsonb', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('supplier_id', 'integer')
      .addColumn('supplier_name', 'text')
      .addColumn('fulfilment', 'text', (c) => c.notNull())
      .addColumn('payment', 'text', (c) => c.notNull())
      .addColumn('paid_fen', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('refunded_fen', 'integer', (c) => c.notNull())
      .addColumn('reserved_fen', 'integer', (c) => c.notNull())
      .addColumn('refuse_reason', 'text')
      .addColumn('cancel_reason', 'text')
      .addColumn('settlement', 'jsonb'),
  ).execute();

  await meta(
    db.schema
      .createTable('renewals')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .addColumn('supplier_id', 'integer', (c) => c.notNull())
      .addColumn('supplier_name', 'text', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('project_name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('units', 'integer', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('unit_price_fen', 'integer', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('paid_fen', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('refunded_fen', 'integer', (c) => c.notNull())
      .addColumn('reserved_fen', 'integer', (c) => c.notNull())
      .addColumn('decline_reason', 'text'),
  ).execute();

  await meta(
    db.schema
      .createTable('refunds')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('renewal_id', 'integer')
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_mobile', 'text', (c) => c.notNull())
      .addColumn('supplier_name', 'text', (c) => c.notNull())
      .addColumn('project_name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('request_reason', 'text', (c) => c.notNull())
      .addColumn('granted_by', 'integer')
      .addColumn('sent_by', 'integer')
      .addColumn('destination', 'text')
      .addColumn('reject_reason', 'text'),
  ).execute();

  // The lists' default orders and the children of a record (a customer's orders, an order's renewals and refunds).
  const indexes: Array<[string, string, string[]]> = [
    ['customers_created_at_idx', 'customers', ['created_at', 'id']],
    ['orders_created_at_idx', 'orders', ['created_at', 'id']],
    ['orders_fulfilment_created_at_idx', 'orders', ['fulfilment', 'created_at', 'id']],
    ['orders_customer_idx', 'orders', ['customer_id', 'created_at']],
    ['orders_supplier_idx', 'orders', ['supplier_id', 'created_at']],
    ['renewals_created_at_idx', 'renewals', ['created_at', 'id']],
    ['renewals_order_idx', 'renewals', ['order_id']],
    ['refunds_created_at_idx', 'refunds', ['created_at', 'id']],
    ['refunds_order_idx', 'refunds', ['order_id']],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['refunds', 'renewals', 'orders', 'customers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema
    .alterTable('projects')
    .dropColumn('kind')
    .dropColumn('renewal_unit')
    .dropColumn('renewal_unit_price_fen')
    .execute();
  for (const seq of ['customer_id_seq', 'order_id_seq', 'renewal_id_seq', 'refund_id_seq']) {
    await sql`drop sequence if exists ${sql.raw(seq)}`.execute(db);
  }
}
