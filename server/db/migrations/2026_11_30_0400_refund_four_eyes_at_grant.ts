import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A refund keeps whether the four-eyes rule was on when it was granted (`four_eyes_at_grant`), so that turning the
// rule off after a grant does not let the granter send it. Grants stored before keep null, as their facts do (a
// rebuild gives them the same): for them the rule as it is now applies, as before.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds add column four_eyes_at_grant boolean`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds drop column if exists four_eyes_at_grant`.execute(db);
}
