import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// What a list's search starts table holds (server/kit/searchStarts.ts): for each row, the places its names and
// identifiers may be found from, beside the list's default sort value, so that a broad term's matches are read in
// the list's order.
// - `list_search_starts(words, whole)`: a row's search starts: each word start of `words` to the end of its name
//   ('li xintao''s home cleaning', 'xintao''s home cleaning', …) and each of `whole` lower-cased, 3 characters or
//   longer, each once. For a term of 3 characters or more, a row has a search entry (`list_search_lexemes`) starting
//   with the term exactly when it has a search start starting with it: the other entries (a word up to the next one,
//   an identifier's first characters) each start one of these.
// - `list_word_term(q)`: the term `list_word_query(q)` looks for, as text: lower-cased, without what no word starts
//   with at its start.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function list_search_starts(words text[], whole text[]) returns text[]
    language sql immutable parallel safe
    return array(
      select distinct s from (
        select w.starts[i] as s
        from unnest(words) as name, lateral (select list_word_starts(name) as starts) as w,
          generate_subscripts(w.starts, 1) as i
        where i % 2 = 1
        union all
        select lower(value) from unnest(whole) as value where value <> '') as entries
      where length(s) >= 3)`.execute(db);
  await sql`create function list_word_term(q text) returns text
    language sql immutable strict parallel safe
    return regexp_replace(lower(replace(q, chr(1), '')), '^[\\x01-\\x2f\\x3a-\\x60\\x7b-\\x7f]+', '')`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The lists' search starts (made at start-up, server/kit/searchStarts.ts) use these functions: they go first.
  const lists = await sql<{ name: string }>`select c.relname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where t.tgname = 'list_search_starts' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  for (const { name } of lists.rows) {
    const starts = `list_${name}_starts`;
    await sql`drop trigger if exists list_search_starts on ${sql.table(name)}`.execute(db);
    await sql`drop trigger if exists list_search_starts_truncate on ${sql.table(name)}`.execute(db);
    await sql`drop function if exists ${sql.id(`${starts}_track`)}()`.execute(db);
    await sql`drop function if exists ${sql.id(`${starts}_truncate`)}()`.execute(db);
    await sql`drop table if exists ${sql.id(starts)}`.execute(db);
  }
  await sql`drop function if exists list_word_term(text)`.execute(db);
  await sql`drop function if exists list_search_starts(text[], text[])`.execute(db);
}
