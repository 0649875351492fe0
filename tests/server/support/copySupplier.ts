import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/** A copy of supplier `from` as a new row `id`, with `changes`, written straight into the table. */
export const copySupplier = (
  db: Kysely<Database>,
  from: number,
  id: number,
  changes: Record<string, unknown>,
) =>
  sql`insert into suppliers select (jsonb_populate_record(null::suppliers,
    to_jsonb(s) || ${JSON.stringify({ ...changes, id })}::jsonb)).* from suppliers as s where s.id = ${from}`.execute(
    db,
  );
