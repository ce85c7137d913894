import { type Kysely, sql } from 'kysely';

/** The default organisation every self-registered account joins. */
export const DEFAULT_ORGANIZATION_ID = '00000000-0000-4000-8000-000000000001';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('full_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('banned_at', 'text')
    .addColumn('banned_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('profiles_status_check', sql`status in ('active', 'suspended', 'banned')`)
    .execute();

  await db.schema
    .createTable('user_credentials')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('parent_user_id', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addCheckConstraint('user_roles_role_check', sql`role in ('user', 'moderator', 'admin', 'super_admin')`)
    .execute();
  await db.schema.createIndex('user_roles_organization_idx').on('user_roles').column('organization_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await sql`insert into organizations (id, name, created_at) values (${DEFAULT_ORGANIZATION_ID}, 'Default', ${new Date().toISOString()})`.execute(
    db,
  );
}
