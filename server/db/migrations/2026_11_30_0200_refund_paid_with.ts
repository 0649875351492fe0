import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A refund keeps how the money it gives back was paid (`paid_with`: wallet or external), so that returning it the
// way it was paid credits a wallet payment's wallet. Refunds asked for before keep null, as their facts do (a
// rebuild gives them the same): they were sent as they were then.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds add column paid_with text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds drop column if exists paid_with`.execute(db);
}
