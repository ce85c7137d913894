import { type Kysely, sql } from 'kysely';

/** Model runtimes added by admins, and GGUF downloads for the built-in runtime. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_providers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('base_url', 'text', (col) => col.notNull())
    .addColumn('api_key_encrypted', 'text')
    .addColumn('created_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('model_providers_kind_check', sql`kind in ('ollama', 'openai')`)
    .execute();

  await db.schema
    .createTable('model_downloads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('received_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('total_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .addCheckConstraint(
      'model_downloads_status_check',
      sql`status in ('queued', 'downloading', 'verifying', 'completed', 'failed', 'cancelled')`,
    )
    .execute();
  await db.schema.createIndex('model_downloads_status_idx').on('model_downloads').column('status').execute();
}
