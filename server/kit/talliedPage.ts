import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A searched page in one statement. A search is counted by a statement that also picks its page's ids: a tally, rows
 * of (tab, n, ids), a tab's count or, with n below 0, what the statement adds (the page's ids, a count of what it
 * read). The page's rows were then read by id, a second round trip to the database; here the same statement reads
 * them beside its tally (`withPageRows`), and the tally comes back on each row, as text, or on one row of nulls when
 * the page has none. Used by the search starts' count and walk (server/kit/searchStarts.ts) and by a counted search
 * (`sampledCounts`, server/kit/listQuery.ts).
 */

/** A row of a tally. */
export interface TallyRow {
  tab: string | null;
  n: number;
  ids: unknown;
}

/**
 * The page's rows with the ids a subquery selects, as the list reads them (their order is `inIdOrder`'s): a query
 * built with Kysely, which puts it in parentheses.
 */
export type RowsOf = (ids: RawBuilder<unknown>) => Expression<unknown>;

/** The column that carries the tally beside the page's rows. */
const TALLY = 'list_tally';

/**
 * The statement: `ctes` (without `with`) must define `page`, the page's ids; `tallied` reads them and answers the
 * tally's rows; the rows are read only `when` it holds (else the page is none of the caller's: a count that stopped
 * at its cap).
 */
export function withPageRows(
  ctes: RawBuilder<unknown>,
  tallied: RawBuilder<unknown>,
  rowsOf: RowsOf,
  when: RawBuilder<unknown>,
): RawBuilder<Record<string, unknown>> {
  return sql`with ${ctes},
    tally as materialized (select json_agg(json_build_array(tab, n, ids))::text as t from (${tallied}) as u)
    select r.*, tally.t as ${sql.id(TALLY)}
    from tally left join lateral ${rowsOf(sql`select id from page`)} as r on ${when}`;
}

/** The tally and the page's rows (in the order they came) that a statement of `withPageRows` answered. */
export function readPageRows(sent: Record<string, unknown>[]): {
  tally: TallyRow[];
  rows: Record<string, unknown>[];
} {
  const entries = JSON.parse(sent[0]![TALLY] as string) as Array<[string | null, number, unknown]>;
  const tally = entries.map(([tab, n, ids]) => ({ tab, n, ids }));
  // A page without rows comes as one row of nulls beside the tally.
  const rows = sent.filter((row) => row.id !== null).map(({ [TALLY]: _, ...row }) => row);
  return { tally, rows };
}

/** `rows` in the order of `ids` (each row's id among them). */
export function inIdOrder<R extends Record<string, unknown>>(rows: R[], ids: readonly number[]): R[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id): R[] => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
