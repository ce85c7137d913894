import { type Kysely, sql } from 'kysely';

/** Issue 5: the hash-chained audit log and each user's retention and update preferences. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Append-only. No foreign keys: an entry outlives the account it is about (deletions are audited too).
  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('seq', 'integer', (col) => col.notNull().unique())
    .addColumn('user_id', 'text')
    .addColumn('organization_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('resource_type', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('prev_hash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_user_seq_idx').on('audit_logs').columns(['user_id', 'seq']).execute();
  await db.schema.createIndex('audit_logs_org_seq_idx').on('audit_logs').columns(['organization_id', 'seq']).execute();

  await db.schema
    .createTable('user_update_preferences')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('last_updated_version', 'text')
    .addColumn('data_retention_days', 'integer', (col) => col.notNull().defaultTo(365))
    .addColumn('auto_delete_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('auto_update_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('update_frequency', 'text', (col) => col.notNull().defaultTo('immediate'))
    .addColumn('notify_before_update', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'user_update_preferences_frequency_check',
      sql`update_frequency in ('immediate', 'daily', 'weekly', 'manual')`,
    )
    .addCheckConstraint('user_update_preferences_retention_check', sql`data_retention_days between 1 and 3650`)
    .execute();
  // The retention job looks only at users who switched auto-delete on.
  await db.schema
    .createIndex('user_update_preferences_auto_delete_idx')
    .on('user_update_preferences')
    .column('auto_delete_enabled')
    .execute();
}
