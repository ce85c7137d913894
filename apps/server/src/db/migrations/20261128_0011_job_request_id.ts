import type { Kysely } from 'kysely';

/**
 * The HTTP request that enqueued a job (issue 19): the job's log lines name it, so a request can be followed
 * into the background work it started. Null for scheduled jobs and for jobs enqueued before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_id', 'text').execute();
}
