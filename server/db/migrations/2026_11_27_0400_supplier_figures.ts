import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// What the analysis ranks suppliers by, kept as sums the orders table itself maintains: for each UTC day (and each
// UTC month) an order was placed in, and the supplier it is assigned to now, the orders, the money paid less
// refunded and the commission settled. A row trigger on `orders` moves an order's share when its supplier, its
// money or its settlement change (a reassignment moves it from one supplier to the other), so the sums are always
// what the orders hold, and a projection rebuild (which deletes and inserts the rows) remakes them. A sum that
// reaches no order goes. Filled here from the orders as they stand.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, unit] of [
    ['supplier_figures_day', 'day'],
    ['supplier_figures_month', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(unit, 'timestamptz', (c) => c.notNull())
      .addColumn('supplier_id', 'integer', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addColumn('paid_fen', 'bigint', (c) => c.notNull())
      .addColumn('commission_fen', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [unit, 'supplier_id'])
      .execute();
  }

  await sql`
    create function supplier_figures_add(placed timestamptz, supplier int, n int, paid bigint, commission bigint)
    returns void language sql as $$
      insert into supplier_figures_day (day, supplier_id, orders, paid_fen, commission_fen)
      values (date_trunc('day', placed at time zone 'UTC') at time zone 'UTC', supplier, n, paid, commission)
      on conflict (day, supplier_id) do update set orders = supplier_figures_day.orders + excluded.orders,
        paid_fen = supplier_figures_day.paid_fen + excluded.paid_fen,
        commission_fen = supplier_figures_day.commission_fen + excluded.commission_fen;
      delete from supplier_figures_day
      where day = date_trunc('day', placed at time zone 'UTC') at time zone 'UTC' and supplier_id = supplier
        and orders = 0;
      insert into supplier_figures_month (month, supplier_id, orders, paid_fen, commission_fen)
      values (date_trunc('month', placed at time zone 'UTC') at time zone 'UTC', supplier, n, paid, commission)
      on conflict (month, supplier_id) do update set orders = supplier_figures_month.orders + excluded.orders,
        paid_fen = supplier_figures_month.paid_fen + excluded.paid_fen,
        commission_fen = supplier_figures_month.commission_fen + excluded.commission_fen;
      delete from supplier_figures_month
      where month = date_trunc('month', placed at time zone 'UTC') at time zone 'UTC' and supplier_id = supplier
        and orders = 0;
    $$`.execute(db);

  // An order's share leaves the old supplier and joins the new one in supplier order, so two transactions moving
  // orders between the same two suppliers wait for each other instead of deadlocking; a change that keeps the
  // supplier and the day adds only the difference.
  await sql`
    create function supplier_figures_track() returns trigger language plpgsql as $$
    declare
      was_paid bigint := 0;
      was_commission bigint := 0;
      now_paid bigint := 0;
      now_commission bigint := 0;
      has_old boolean;
      has_new boolean;
    begin
      if tg_op <> 'INSERT' and old.supplier_id is not null then
        was_paid := old.paid_fen - old.refunded_fen;
        was_commission := coalesce((old.settlement ->> 'commissionFen')::bigint, 0);
      end if;
      if tg_op <> 'DELETE' and new.supplier_id is not null then
        now_paid := new.paid_fen - new.refunded_fen;
        now_commission := coalesce((new.settlement ->> 'commissionFen')::bigint, 0);
      end if;
      if tg_op = 'UPDATE' and old.supplier_id is not distinct from new.supplier_id
          and old.created_at = new.created_at then
        if new.supplier_id is not null and (now_paid <> was_paid or now_commission <> was_commission) then
          perform supplier_figures_add(new.created_at, new.supplier_id, 0,
            now_paid - was_paid, now_commission - was_commission);
        end if;
        return null;
      end if;
      has_old := tg_op <> 'INSERT' and old.supplier_id is not null;
      has_new := tg_op <> 'DELETE' and new.supplier_id is not null;
      if has_old and has_new and new.supplier_id < old.supplier_id then
        perform supplier_figures_add(new.created_at, new.supplier_id, 1, now_paid, now_commission);
        perform supplier_figures_add(old.created_at, old.supplier_id, -1, -was_paid, -was_commission);
        return null;
      end if;
      if has_old then
        perform supplier_figures_add(old.created_at, old.supplier_id, -1, -was_paid, -was_commission);
      end if;
      if has_new then
        perform supplier_figures_add(new.created_at, new.supplier_id, 1, now_paid, now_commission);
      end if;
      return null;
    end $$`.execute(db);

  await sql`
    create trigger supplier_figures after insert or delete or update of supplier_id, paid_fen, refunded_fen,
      settlement, created_at on orders
    for each row execute function supplier_figures_track()`.execute(db);

  for (const [table, unit] of [
    ['supplier_figures_day', 'day'],
    ['supplier_figures_month', 'month'],
  ] as const) {
    await sql`
      insert into ${sql.table(table)} (${sql.ref(unit)}, supplier_id, orders, paid_fen, commission_fen)
      select date_trunc(${unit}, created_at at time zone 'UTC') at time zone 'UTC', supplier_id, count(*),
        sum(paid_fen - refunded_fen), sum(coalesce((settlement ->> 'commissionFen')::bigint, 0))
      from orders where supplier_id is not null group by 1, 2`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists supplier_figures on orders`.execute(db);
  await sql`drop function if exists supplier_figures_track()`.execute(db);
  await sql`drop function if exists supplier_figures_add(timestamptz, int, int, bigint, bigint)`.execute(db);
  await db.schema.dropTable('supplier_figures_month').ifExists().execute();
  await db.schema.dropTable('supplier_figures_day').ifExists().execute();
}
