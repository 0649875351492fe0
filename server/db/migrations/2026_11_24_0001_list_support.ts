import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// What makes lists fast at a million rows (server/kit/listSupport.ts installs the per-table parts from each list's
// declaration):
// - `pg_trgm`, when the server has it (PGlite ships it; Debian's PostgreSQL does), for substring search indexes.
//   Created in `public`, whatever the search path, so every schema of a shared server sees the same one.
// - `list_counts`: how many rows of a list hold each combination of its counted columns (its tab column and its
//   exact-match filters), kept by the trigger function below in the same transaction as the row it counts. A tab
//   count under any of those filters is then a sum over a few hundred rows instead of a pass over the table.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const available = await sql<{ n: number }>`
    select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (Number(available.rows[0]?.n) > 0) {
    // Two servers migrating two schemas of one database at once take turns here.
    await sql`select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`.execute(db);
    // A role that may not create extensions gets lists without trigram indexes (search scans), not a failed start.
    await sql`
      do $$ begin
        create extension if not exists pg_trgm schema public;
      exception when insufficient_privilege then
        raise notice 'pg_trgm is not installed (%): list search will scan', sqlerrm;
      end $$`.execute(db);
  }

  await db.schema
    .createTable('list_counts')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('dims', 'jsonb', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_counts_pkey', ['list', 'dims'])
    .execute();

  // The counted columns of a row, as text (what `->>` reads back): {"state": "pass", "is_enabled": "true"}.
  await sql`
    create function list_counts_dims(r jsonb, columns text[]) returns jsonb
    language sql immutable as $$
      select coalesce(jsonb_object_agg(c, r ->> c), '{}'::jsonb) from unnest(columns) as c
    $$`.execute(db);

  // A counter that reaches 0 goes: the table holds exactly what counting the rows afresh gives.
  await sql`
    create function list_counts_add(list_name text, key jsonb, delta int) returns void
    language sql as $$
      insert into list_counts (list, dims, n) values (list_name, key, delta)
      on conflict (list, dims) do update set n = list_counts.n + excluded.n;
      delete from list_counts where list = list_name and dims = key and n = 0;
    $$`.execute(db);

  // Trigger arguments: the list's name, then its counted columns. A change that leaves them as they were costs a
  // comparison; a move takes the two counters in a fixed order (by their text), so two transactions moving rows
  // between the same two counters wait for each other instead of deadlocking.
  await sql`
    create function list_counts_track() returns trigger
    language plpgsql as $$
    declare
      columns text[] := tg_argv[1:tg_nargs - 1];
      before jsonb;
      after jsonb;
    begin
      -- A rebuild writes the whole table with counting off, then counts once (server/kit/listSupport.ts).
      if current_setting('list_counts.off', true) = 'on' then return null; end if;
      if tg_op <> 'INSERT' then before := list_counts_dims(to_jsonb(old), columns); end if;
      if tg_op <> 'DELETE' then after := list_counts_dims(to_jsonb(new), columns); end if;
      if before is not distinct from after then return null; end if;
      if after is null or (before is not null and before::text < after::text) then
        perform list_counts_add(tg_argv[0], before, -1);
        if after is not null then perform list_counts_add(tg_argv[0], after, 1); end if;
      else
        perform list_counts_add(tg_argv[0], after, 1);
        if before is not null then perform list_counts_add(tg_argv[0], before, -1); end if;
      end if;
      return null;
    end
    $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists list_counts_track() cascade`.execute(db);
  await sql`drop function if exists list_counts_add(text, jsonb, int)`.execute(db);
  await sql`drop function if exists list_counts_dims(jsonb, text[])`.execute(db);
  await db.schema.dropTable('list_counts').ifExists().execute();
}
