import { type Kysely, sql } from 'kysely';

/**
 * MCP servers (issue 20): registered by admins (a stdio command or an HTTP URL), open to everyone or to chosen
 * organisations and groups, their tools as last listed (enabled, approval), and each user's own credential for a
 * server, sealed at rest. Everything cascades with the server, the organisation, the group or the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('transport', 'text', (col) => col.notNull())
    .addColumn('command', 'text')
    .addColumn('args', 'text', (col) => col.notNull())
    .addColumn('env_encrypted', 'text')
    .addColumn('url', 'text')
    .addColumn('credential_name', 'text')
    .addColumn('credential_template', 'text')
    .addColumn('everyone', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('tools_refreshed_at', 'text')
    .addColumn('created_by', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('mcp_servers_transport_check', sql`transport in ('stdio', 'http')`)
    .execute();

  // Exactly one of group_id / organization_id names who may use the server.
  await db.schema
    .createTable('mcp_server_grants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('server_id', 'text', (col) => col.notNull().references('mcp_servers.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.references('user_groups.id').onDelete('cascade'))
    .addCheckConstraint('mcp_server_grants_subject_check', sql`(group_id is null) <> (organization_id is null)`)
    .execute();
  await db.schema.createIndex('mcp_server_grants_server_idx').on('mcp_server_grants').column('server_id').execute();

  await db.schema
    .createTable('mcp_tools')
    .addColumn('server_id', 'text', (col) => col.notNull().references('mcp_servers.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('input_schema', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('approval', 'text', (col) => col.notNull().defaultTo('ask'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('mcp_tools_pk', ['server_id', 'name'])
    .addCheckConstraint('mcp_tools_approval_check', sql`approval in ('auto', 'ask')`)
    .execute();

  await db.schema
    .createTable('mcp_user_credentials')
    .addColumn('server_id', 'text', (col) => col.notNull().references('mcp_servers.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('secret_encrypted', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('mcp_user_credentials_pk', ['server_id', 'user_id'])
    .execute();
  await db.schema.createIndex('mcp_user_credentials_user_idx').on('mcp_user_credentials').column('user_id').execute();
}
