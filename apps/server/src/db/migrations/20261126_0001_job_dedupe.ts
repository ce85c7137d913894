import type { Kysely } from 'kysely';

/**
 * Scheduled jobs run once per period across replicas (issue 15): every replica enqueues a period's job under
 * the same key (`<job>@<period start>`), and this unique index lets exactly one of those inserts land. Jobs
 * enqueued on demand have no key (NULLs never collide, on either database). `progress` is what a running job
 * last reported (JSON), for callers that follow a job by polling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('dedupe_key', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('progress', 'text').execute();
  await db.schema.createIndex('jobs_dedupe_key_idx').on('jobs').column('dedupe_key').unique().execute();
  // Finding a type's jobs (a download's job, the schedules' last runs) without scanning the queue.
  await db.schema.createIndex('jobs_type_idx').on('jobs').columns(['type', 'status']).execute();
}
