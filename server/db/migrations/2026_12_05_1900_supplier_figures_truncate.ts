import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The supplier figures (2026_11_27_0400_supplier_figures) are kept by a row trigger on `orders`, which an emptying of
// the whole table by `TRUNCATE` (a projection rebuild, server/kit/projection.ts) does not run: the figures of the
// rows it empties go with them here, in the same statement, and the rows written after add theirs again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function supplier_figures_truncate() returns trigger language plpgsql as $$
    begin
      truncate supplier_figures_day, supplier_figures_month;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger supplier_figures_truncate after truncate on orders
    for each statement execute function supplier_figures_truncate()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists supplier_figures_truncate on orders`.execute(db);
  await sql`drop function if exists supplier_figures_truncate()`.execute(db);
}
