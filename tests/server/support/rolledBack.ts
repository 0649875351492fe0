import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/** Runs `work` in a transaction of `db` that is rolled back, answering what it answered. */
export async function rolledBack<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  let answer: T | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      answer = await work(trx);
      throw new Error('roll back');
    })
    .catch((e: Error) => {
      if (e.message !== 'roll back') throw e;
    });
  return answer as T;
}
