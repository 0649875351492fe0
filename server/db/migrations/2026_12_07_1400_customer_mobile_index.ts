import { type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A customer account is opened only for a mobile number no other account has (the customers module's
// `mobileIsFree` guard): this index finds the other one. Not unique: a database may already hold two accounts
// with one number, opened before the guard; it must still migrate.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('customers_mobile_idx').on('customers').column('mobile').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customers_mobile_idx').execute();
}
