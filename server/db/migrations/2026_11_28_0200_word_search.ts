import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// Word-start search for names (a list's `search.words`, src/contract/list.ts), in two functions:
// - `list_word_starts(value)`: the lower-cased value from each place a word starts to its end, as the lexemes of a
//   tsvector. A word starts at a letter or digit (a-z, 0-9) after anything else, and at every character beyond ASCII
//   (Chinese, Japanese or Korean text has no spaces: each character starts a word, so any part of it is found).
//   "Li Xintao's Home Cleaning" → 'li xintao''s home cleaning', 'xintao''s home cleaning', 's home cleaning',
//   'home cleaning', 'cleaning'. A GIN index over it (server/kit/listSupport.ts) finds a search term as the start of
//   one lexeme: a single range of the index's entries, whatever the term's words, where a trigram index reads the
//   posting list of every trigram of it.
// - `list_word_query(q)`: the tsquery that matches a lexeme starting with q, lower-cased, without what no word
//   starts with at its start (spaces, punctuation); null when nothing is left, which matches no row.
// Both strip character 1, which marks word starts on the way.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function list_word_starts(value text) returns tsvector
    language sql immutable strict parallel safe
    return array_to_tsvector(array(
      select array_to_string(pieces[i:], '')
      from string_to_array(
        regexp_replace(
          regexp_replace(lower(replace(value, chr(1), '')), '(^|[^a-z0-9])([a-z0-9])', '\\1' || chr(1) || '\\2', 'g'),
          '([^\\x01-\\x7f])', chr(1) || '\\1', 'g'),
        chr(1)) as pieces,
      generate_subscripts(pieces, 1) as i
      where i > 1))`.execute(db);
  await sql`create function list_word_query(q text) returns tsquery
    language sql immutable strict parallel safe
    return (select case when w = '' then null
      else ('''' || replace(replace(w, '\\', '\\\\'), '''', '''''') || ''':*')::tsquery end
      from (select regexp_replace(lower(replace(q, chr(1), '')), '^[\\x01-\\x2f\\x3a-\\x60\\x7b-\\x7f]+', '') as w) s)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists list_word_query(text)`.execute(db);
  await sql`drop function if exists list_word_starts(text)`.execute(db);
}
