import { type Kysely, sql } from 'kysely';

/**
 * Documentation: pages saved in the app (current source + every revision) and documentation maintenance
 * (changes detected in a git working tree, and the updates drafted for them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('doc_pages')
    .addColumn('path', 'text', (col) => col.primaryKey())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('doc_page_revisions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('restored_revision', 'integer')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('doc_page_revisions_path_revision_key', ['path', 'revision'])
    .addCheckConstraint('doc_page_revisions_kind_check', sql`kind in ('edit', 'revert', 'doc_update')`)
    .execute();

  await db.schema
    .createTable('doc_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('file_type', 'text', (col) => col.notNull())
    .addColumn('file_path', 'text', (col) => col.notNull())
    .addColumn('previous_path', 'text')
    .addColumn('change_type', 'text', (col) => col.notNull())
    .addColumn('impact', 'text', (col) => col.notNull())
    // JSON array of documentation page paths.
    .addColumn('affected_docs', 'text', (col) => col.notNull())
    .addColumn('lines_changed', 'integer', (col) => col.notNull().defaultTo(0))
    // The unified diff of the file, cut to a bounded size: what the model is shown.
    .addColumn('diff_excerpt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('commit_sha', 'text', (col) => col.notNull())
    .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    // Detecting the same commit twice (or on two replicas at once) records a file once.
    .addUniqueConstraint('doc_changes_commit_file_key', ['commit_sha', 'file_path'])
    .addCheckConstraint(
      'doc_changes_file_type_check',
      sql`file_type in ('component', 'service', 'backend', 'config', 'docs')`,
    )
    .addCheckConstraint('doc_changes_impact_check', sql`impact in ('low', 'medium', 'high', 'critical')`)
    .execute();
  await db.schema
    .createIndex('doc_changes_created_idx')
    .on('doc_changes')
    .columns(['processed', 'created_at'])
    .execute();

  await db.schema
    .createTable('doc_updates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('change_id', 'text', (col) => col.notNull().references('doc_changes.id').onDelete('cascade'))
    .addColumn('doc_path', 'text', (col) => col.notNull())
    .addColumn('current_content', 'text', (col) => col.notNull())
    .addColumn('suggested_content', 'text', (col) => col.notNull())
    .addColumn('update_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('ai_confidence', 'real', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addCheckConstraint('doc_updates_type_check', sql`update_type in ('automatic', 'review_required')`)
    .addCheckConstraint('doc_updates_status_check', sql`status in ('pending', 'applied', 'rejected')`)
    .execute();
  await db.schema.createIndex('doc_updates_status_idx').on('doc_updates').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('doc_updates_change_idx').on('doc_updates').column('change_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('doc_updates').execute();
  await db.schema.dropTable('doc_changes').execute();
  await db.schema.dropTable('doc_page_revisions').execute();
  await db.schema.dropTable('doc_pages').execute();
}
