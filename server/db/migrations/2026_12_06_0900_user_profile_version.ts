import { type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A member's basic information carries a version, as every record does: a save names the version it was loaded at,
// and one from a page opened before another save is refused (409) instead of silently undoing that save.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('profile_version').execute();
}
