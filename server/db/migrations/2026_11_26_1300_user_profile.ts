import { type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A member's basic information (/user/setting): country or region, area and address beside the name (nickname),
// email and introduction (profile) the users table has.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('country_region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('country_region')
    .dropColumn('area')
    .dropColumn('address')
    .execute();
}
