import type { Kysely } from 'kysely';

/**
 * Usage accounting and quotas (issue 19). `usage_daily` holds one row per UTC day, user and model, added to
 * by an upsert after each answer, so it stays small however many messages are sent. `usage_quotas` holds
 * one rule per scope and target (the instance default under target 'default', an organisation, a group, a
 * user); a null limit means none of that kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('requests', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('estimated_requests', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['day', 'user_id', 'model'])
    .execute();
  await db.schema.createIndex('usage_daily_user_idx').on('usage_daily').columns(['user_id', 'day']).execute();

  await db.schema
    .createTable('usage_quotas')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('messages_per_day', 'bigint')
    .addColumn('messages_per_month', 'bigint')
    .addColumn('tokens_per_day', 'bigint')
    .addColumn('tokens_per_month', 'bigint')
    .addColumn('exempt', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_quotas_pk', ['scope', 'target_id'])
    .execute();
}
