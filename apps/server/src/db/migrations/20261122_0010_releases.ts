import { type Kysely, sql } from 'kysely';

/**
 * Releases: versions with their deployment state, the deployment log, the GitHub integration (one row, token
 * sealed with SecretBox) and the update notifications fanned out to every profile when a version goes live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_versions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('version_number', 'text', (col) => col.notNull())
    // The number without trailing ".0" parts, so 1.0 and 1.0.0 cannot both exist, even across replicas.
    .addColumn('version_key', 'text', (col) => col.notNull().unique())
    .addColumn('release_notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_critical', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deployment_status', 'text', (col) => col.notNull().defaultTo('draft'))
    .addColumn('deployed_at', 'text')
    .addColumn('created_by_user_id', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('github_release_id', 'text')
    .addColumn('github_commit_sha', 'text')
    .addColumn('deployment_error', 'text')
    .addCheckConstraint('app_versions_status_check', sql`deployment_status in ('draft', 'staged', 'live', 'rollback')`)
    .execute();
  await db.schema
    .createIndex('app_versions_status_idx')
    .on('app_versions')
    .columns(['deployment_status', 'created_at'])
    .execute();

  await db.schema
    .createTable('deployment_logs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('version_id', 'text', (col) => col.notNull().references('app_versions.id').onDelete('cascade'))
    .addColumn('deployment_status', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('github_release_id', 'text')
    .addColumn('github_commit_sha', 'text')
    .addColumn('deployment_url', 'text')
    .addColumn('deployment_error', 'text')
    .addColumn('user_id', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addCheckConstraint(
      'deployment_logs_status_check',
      sql`deployment_status in ('pending', 'in_progress', 'completed', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('deployment_logs_version_idx')
    .on('deployment_logs')
    .columns(['version_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('github_integrations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('repo', 'text', (col) => col.notNull())
    .addColumn('token_encrypted', 'text', (col) => col.notNull())
    .addColumn('deployment_webhook_url', 'text')
    .addColumn('workflow_id', 'text')
    .addColumn('environment', 'text', (col) => col.notNull().defaultTo('production'))
    .addColumn('api_base_url', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('update_notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('version_id', 'text', (col) => col.notNull().references('app_versions.id').onDelete('cascade'))
    .addColumn('notification_type', 'text', (col) => col.notNull().defaultTo('update_available'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('is_critical', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('dismissed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('update_notifications_user_version_unique', ['user_id', 'version_id'])
    .execute();
  await db.schema
    .createIndex('update_notifications_user_idx')
    .on('update_notifications')
    .columns(['user_id', 'dismissed_at', 'created_at'])
    .execute();
}
