import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// One search index for a list that finds names by their words (a list's `search.words`, src/contract/list.ts):
// - `list_word_starts(value)`: the lower-cased value from each place a word starts to its end. A word starts at a
//   letter or digit (a-z, 0-9) after anything else, and at every character beyond ASCII (Chinese, Japanese or Korean
//   text has no spaces: each character starts a word, so any part of it is found). "Li Xintao's Home Cleaning" →
//   'li xintao''s home cleaning', 'xintao''s home cleaning', 's home cleaning', 'home cleaning', 'cleaning'; and
//   each word with what follows it up to the next ('li ', 'xintao''', 's ', 'home '). A term that starts a word
//   starts the word's entry too, so these change no answer: they are there for the planner, whose statistics count
//   entries. A word is common where a name from it on is not, and from the words it tells a term that starts a
//   third of the rows ("zha") from one that starts a hundred, and reads the first page along the sort index or
//   from the search index accordingly (with the long entries alone it took "zha" for a rare term: 1.3 s).
// - `list_search_lexemes(words, whole)`: a row's search entries as the lexemes of a tsvector: the word starts of each
//   of `words` (names) and each of `whole` (identifiers: a mobile, an ID number), lower-cased. A GIN index over it
//   (server/kit/listSupport.ts) answers a search as a range of its entries: the lexemes starting with the term,
//   however many words the term has (a trigram index reads the posting list of every trigram of it). One expression
//   for names and identifiers keeps the search one indexed condition: with an OR of several, PostgreSQL filters each
//   row again and would compute the word starts per row.
// - `list_word_query(q)`: the tsquery that matches a lexeme starting with q, lower-cased, without what no word
//   starts with at its start (spaces, punctuation); null when nothing is left, which matches no row.
// Character 1 marks word starts on the way: it is removed from the value first.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function list_word_starts(value text) returns text[]
    language sql immutable strict parallel safe
    return array(
      select unnest(array[array_to_string(pieces[i:], ''), pieces[i]])
      from string_to_array(
        regexp_replace(
          regexp_replace(lower(replace(value, chr(1), '')), '(^|[^a-z0-9])([a-z0-9])', '\\1' || chr(1) || '\\2', 'g'),
          '([^\\x01-\\x7f])', chr(1) || '\\1', 'g'),
        chr(1)) as pieces,
      generate_subscripts(pieces, 1) as i
      where i > 1)`.execute(db);
  await sql`create function list_search_lexemes(words text[], whole text[]) returns tsvector
    language sql immutable parallel safe
    return array_to_tsvector(array(
      select w from unnest(words) as name, unnest(list_word_starts(name)) as w
      union all
      select lower(value) from unnest(whole) as value where value <> ''))`.execute(db);
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
  await sql`drop function if exists list_search_lexemes(text[], text[])`.execute(db);
  await sql`drop function if exists list_word_starts(text)`.execute(db);
}
