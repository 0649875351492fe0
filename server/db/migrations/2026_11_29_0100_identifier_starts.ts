import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// An identifier's search entries (a list's `search.prefix` columns: a mobile, an ID number, an order number) also hold
// its first characters, 1 to 8 of them and short of the whole, for the planner. Its statistics count entries, and a
// whole identifier is an entry no other row has, so it took every term of digits for a rare one: at a million
// suppliers, "13" (a seventh of the mobiles) was read from the search index in full and sorted, 370 ms for its first
// page, and "1" 1.2 s. With the first characters as entries of their own, it tells a common start from a rare one and
// reads a common one's first page along the sort index (2 ms), as it does for a common word of a name. They change no
// answer: a term that starts an identifier's first characters starts the identifier. The search indexes made from the
// earlier entries are made again here, and their tables analysed (the statistics are of the entries): at the start-up
// that migrates, about a minute per million rows of a list with names (suppliers, orders, renewals, refunds,
// customers), once; reads and writes of each table wait until the migrations' transaction ends (the re-made index is
// locked till then).

const SEARCH_INDEXES = sql`select tablename, indexname from pg_indexes
  where schemaname = current_schema() and indexdef like '%list_search_lexemes(%'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function remake(db: Kysely<any>): Promise<void> {
  const { rows } = await SEARCH_INDEXES.execute(db);
  for (const { tablename, indexname } of rows as Array<{ tablename: string; indexname: string }>) {
    await sql`reindex index ${sql.id(indexname)}`.execute(db);
    await sql`analyze ${sql.id(tablename)}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function list_search_lexemes(words text[], whole text[]) returns tsvector
    language sql immutable parallel safe
    return array_to_tsvector(array(
      select w from unnest(words) as name, unnest(list_word_starts(name)) as w
      union all
      select lower(value) from unnest(whole) as value where value <> ''
      union all
      select left(lower(value), n)
      from unnest(whole) as value, generate_series(1, least(8, length(value) - 1)) as n
      where value <> ''))`.execute(db);
  await remake(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function list_search_lexemes(words text[], whole text[]) returns tsvector
    language sql immutable parallel safe
    return array_to_tsvector(array(
      select w from unnest(words) as name, unnest(list_word_starts(name)) as w
      union all
      select lower(value) from unnest(whole) as value where value <> ''))`.execute(db);
  await remake(db);
}
