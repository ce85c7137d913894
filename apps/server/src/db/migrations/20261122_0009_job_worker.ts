import type { Kysely } from 'kysely';

/** Which worker (replica) claimed a job last: kept after it finishes, so operators can see who ran what. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('locked_by', 'text').execute();
}
