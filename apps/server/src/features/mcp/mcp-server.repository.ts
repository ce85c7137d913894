import type { Kysely } from 'kysely';
import type { Database, McpServerGrantsTable, McpServersTable, McpToolsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

export type McpServerRow = McpServersTable;
export type McpToolRow = McpToolsTable;
export type McpGrantRow = McpServerGrantsTable;

/** A server with who may use it and its tools, as one unit. */
export interface McpServerRecord {
  row: McpServerRow;
  grants: McpGrantRow[];
  tools: McpToolRow[];
}

/** MCP servers admins registered. Instance-wide: who may use one is in its grants, read on every use. */
export class McpServerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every server (a handful per instance), with grants and tools. */
  async list(): Promise<McpServerRecord[]> {
    const [rows, grants, tools] = await Promise.all([
      this.db.selectFrom('mcp_servers').selectAll().orderBy('created_at').orderBy('id').execute(),
      this.db.selectFrom('mcp_server_grants').selectAll().execute(),
      this.db.selectFrom('mcp_tools').selectAll().orderBy('server_id').orderBy('position').execute(),
    ]);
    return rows.map((row) => ({
      row,
      grants: grants.filter((grant) => grant.server_id === row.id),
      tools: tools.filter((tool) => tool.server_id === row.id),
    }));
  }

  async get(id: string, tx?: Tx): Promise<McpServerRecord | null> {
    const db = executor(tx, this.db);
    const row = await db.selectFrom('mcp_servers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [grants, tools] = await Promise.all([
      db.selectFrom('mcp_server_grants').selectAll().where('server_id', '=', id).execute(),
      db.selectFrom('mcp_tools').selectAll().where('server_id', '=', id).orderBy('position').execute(),
    ]);
    return { row, grants, tools };
  }

  async slugTaken(slug: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('mcp_servers').select('id').where('slug', '=', slug);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(tx: Tx, row: McpServerRow): Promise<void> {
    await executor(tx).insertInto('mcp_servers').values(row).execute();
  }

  async update(tx: Tx, id: string, changes: Partial<Omit<McpServerRow, 'id' | 'created_at'>>): Promise<void> {
    await executor(tx).updateTable('mcp_servers').set(changes).where('id', '=', id).execute();
  }

  async delete(tx: Tx, id: string): Promise<boolean> {
    const result = await executor(tx).deleteFrom('mcp_servers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async replaceGrants(tx: Tx, serverId: string, organizationIds: string[], groupIds: string[]): Promise<void> {
    const db = executor(tx);
    await db.deleteFrom('mcp_server_grants').where('server_id', '=', serverId).execute();
    const rows: McpGrantRow[] = [
      ...organizationIds.map((id) => ({ id: newId(), server_id: serverId, organization_id: id, group_id: null })),
      ...groupIds.map((id) => ({ id: newId(), server_id: serverId, organization_id: null, group_id: id })),
    ];
    if (rows.length > 0) await db.insertInto('mcp_server_grants').values(rows).execute();
  }

  /** The tools as the server lists them now; a tool listed before keeps the admin's enabled and approval. */
  async replaceTools(
    tx: Tx,
    serverId: string,
    tools: { name: string; description: string; inputSchema: string }[],
  ): Promise<void> {
    const db = executor(tx);
    const before = await db.selectFrom('mcp_tools').selectAll().where('server_id', '=', serverId).execute();
    const kept = new Map(before.map((tool) => [tool.name, tool]));
    await db.deleteFrom('mcp_tools').where('server_id', '=', serverId).execute();
    if (tools.length === 0) return;
    const rows: McpToolRow[] = tools.map((tool, position) => ({
      server_id: serverId,
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
      enabled: kept.get(tool.name)?.enabled ?? 1,
      approval: kept.get(tool.name)?.approval ?? 'ask',
      position,
    }));
    await db.insertInto('mcp_tools').values(rows).execute();
  }

  async updateTool(
    tx: Tx,
    serverId: string,
    name: string,
    changes: Partial<Pick<McpToolRow, 'enabled' | 'approval'>>,
  ): Promise<boolean> {
    const result = await executor(tx)
      .updateTable('mcp_tools')
      .set(changes)
      .where('server_id', '=', serverId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async existingOrganizations(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('organizations').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  async existingGroups(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('user_groups').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  /** A user's organisation and current groups, read fresh on every use so a change applies at once. */
  async viewer(userId: string): Promise<{ organizationId: string | null; groupIds: string[] }> {
    const [role, groups] = await Promise.all([
      this.db.selectFrom('user_roles').select('organization_id').where('user_id', '=', userId).executeTakeFirst(),
      this.db.selectFrom('user_group_members').select('group_id').where('user_id', '=', userId).execute(),
    ]);
    return { organizationId: role?.organization_id ?? null, groupIds: groups.map((row) => row.group_id) };
  }
}
