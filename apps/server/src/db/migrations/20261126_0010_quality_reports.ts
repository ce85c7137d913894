import { type Kysely, sql } from 'kysely';

/**
 * Retrieval quality reports of knowledge collections (issue 18): one row per "Check quality", kept as a history
 * so a change (another embedding model, new documents) shows as a trend. `result` is the finished report (JSON);
 * progress is counted in probes. Rows go with their collection (cascade), so deleting it or the account
 * removes them. At most one report runs per collection: a second press, even a simultaneous one, gets that one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledge_quality_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('knowledge_collections.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress_done', 'integer', (col) => col.notNull())
    .addColumn('progress_total', 'integer', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('knowledge_quality_reports_collection_idx')
    .on('knowledge_quality_reports')
    .columns(['collection_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('knowledge_quality_reports_running_idx')
    .on('knowledge_quality_reports')
    .column('collection_id')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
}
