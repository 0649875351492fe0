import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A refund asked for by a fact rather than a person (a paid order cancelled) says so in `request_cause`
// ('order_cancelled'), its `request_reason` being the cause's own reason: the console words it in the person's
// language. Refunds stored before keep null here, their reason saying it in English ("Order cancelled: …"), as their
// facts do: a rebuild gives them the same. Adding a column with no default rewrites nothing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds add column request_cause text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds drop column if exists request_cause`.execute(db);
}
