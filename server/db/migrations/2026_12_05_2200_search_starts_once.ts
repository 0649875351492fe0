import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// `list_search_starts` (2026_11_30_0500_search_starts) read each name's word starts as `w.starts[i]` over
// `generate_subscripts(w.starts, 1)` from a subquery the planner folded in: `list_word_starts(name)` ran again for every
// subscript, once per start and once more, not once per name. The same starts, from one call per name (`with
// ordinality` numbers them as the subscripts did): 100,000 suppliers' starts in 7.5 s instead of 32.5 on PostgreSQL,
// 7.4 instead of 51 on PGlite (docs/lists.md, "A name's word starts made once"). The side tables hold the same starts:
// nothing is filled again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function list_search_starts(words text[], whole text[]) returns text[]
    language sql immutable parallel safe
    return array(
      select distinct s from (
        select w.s
        from unnest(words) as name, unnest(list_word_starts(name)) with ordinality as w(s, i)
        where i % 2 = 1
        union all
        select lower(value) from unnest(whole) as value where value <> '') as entries
      where length(s) >= 3)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function list_search_starts(words text[], whole text[]) returns text[]
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
}
