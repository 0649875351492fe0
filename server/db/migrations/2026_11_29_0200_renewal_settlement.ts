import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A renewal is settled as it is confirmed (renewalMachine.ts): its row keeps the settlement, as an order's does
// (commission, payout, the rate and where the rate came from). Renewals confirmed before stay unsettled (null).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table renewals add column settlement jsonb`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table renewals drop column if exists settlement`.execute(db);
}
