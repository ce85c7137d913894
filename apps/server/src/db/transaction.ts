import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Something that runs SQL: the database itself or an open transaction. Services pass it around opaquely. */
export type Executor = Kysely<Database>;

/** Runs `work` in a transaction, or inside the caller's transaction when `db` already is one. */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
