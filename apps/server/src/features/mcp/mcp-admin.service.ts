import type { McpServer, McpServerBody, McpServersResponse, McpToolUpdateBody } from '@hearth/contract';
import { McpServerBody as McpServerBodySchema } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { checkOutboundUrl } from '../../http/ssrf-guard';
import { newId, nowIso } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import type { McpConnector, McpNetwork } from './mcp-connector';
import type { McpCredentialResolver } from './mcp-credentials';
import { slugify, toMcpServer } from './mcp-records';
import type { McpServerRecord, McpServerRepository, McpServerRow } from './mcp-server.repository';

export interface McpBoxes {
  /** Seals stdio environments (admins' values, possibly secrets). */
  env: SecretBox;
  /** Seals users' own keys and OAuth sign-ins. */
  credentials: SecretBox;
  /** Seals a Connect (OAuth) flow into its cookie. */
  oauthFlow: SecretBox;
}

export interface McpLimits {
  listTimeoutMs: number;
  callTimeoutMs: number;
}

/** Admins register MCP servers, choose who may use them, list their tools and choose per tool. Every change audited. */
export class McpAdminService {
  constructor(
    private readonly repository: McpServerRepository,
    private readonly credentials: McpCredentialResolver,
    private readonly connector: McpConnector,
    private readonly network: McpNetwork,
    private readonly boxes: McpBoxes,
    private readonly limits: McpLimits,
    private readonly allowedCommands: readonly string[],
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<McpServersResponse> {
    const records = await this.repository.list();
    return {
      servers: records.map((record) => toMcpServer(record, this.boxes.env)),
      stdio_commands: [...this.allowedCommands],
    };
  }

  async create(actorId: string, input: McpServerBody, context: AuditContext): Promise<McpServer> {
    const body = McpServerBodySchema.parse(input);
    const fields = await this.checked(body);
    const id = newId();
    const now = nowIso();
    const slug = await this.freeSlug(slugify(body.name), null);
    const row: McpServerRow = {
      id,
      slug,
      ...fields,
      env_encrypted: this.sealEnv(body.env ?? {}),
      oauth_client_encrypted: this.sealClient(body.oauth_client ?? null),
      tools_refreshed_at: null,
      created_by: actorId,
      created_at: now,
      updated_at: now,
    };
    await this.uow.run(async (tx) => {
      await this.repository.insert(tx, row);
      await this.repository.replaceGrants(tx, id, body.organization_ids, body.group_ids);
      await this.audit.record(tx, serverEvent(actorId, 'CREATE', id, describe(row, body)), context);
    });
    return this.get(id);
  }

  async update(actorId: string, id: string, input: McpServerBody, context: AuditContext): Promise<McpServer> {
    const body = McpServerBodySchema.parse(input);
    const existing = await this.record(id);
    const fields = await this.checked(body);
    const changes: Partial<McpServerRow> = { ...fields, updated_at: nowIso() };
    if (body.env !== undefined) changes.env_encrypted = this.sealEnv(body.env);
    if (body.transport === 'http') changes.env_encrypted = null;
    if (body.oauth_client !== undefined) changes.oauth_client_encrypted = this.sealClient(body.oauth_client);
    if (!body.user_oauth) changes.oauth_client_encrypted = null;
    await this.uow.run(async (tx) => {
      await this.repository.update(tx, id, changes);
      await this.repository.replaceGrants(tx, id, body.organization_ids, body.group_ids);
      const details = describe({ ...existing.row, ...changes }, body);
      await this.audit.record(tx, serverEvent(actorId, 'UPDATE', id, details), context);
    });
    return this.get(id);
  }

  async delete(actorId: string, id: string, context: AuditContext): Promise<void> {
    const existing = await this.record(id);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.delete(tx, id))) throw AppError.notFound('MCP server');
      await this.audit.record(tx, serverEvent(actorId, 'DELETE', id, { name: existing.row.name }), context);
    });
  }

  /**
   * Lists the server's tools now and stores them. A server that needs a user's key or sign-in is asked with the
   * acting admin's own (set it or connect first like any user); never with anyone else's.
   */
  async refresh(actorId: string, id: string, context: AuditContext): Promise<McpServer> {
    const record = await this.record(id);
    const reach = await this.credentials.reach(actorId, record, (kind) =>
      AppError.badRequest(
        kind === 'key'
          ? `"${record.row.name}" needs each user's own key: set yours for it first, then refresh its tools.`
          : `"${record.row.name}" needs each user to sign in at it: connect yours first, then refresh its tools.`,
      ),
    );
    const target = reach.target;
    const signal = AbortSignal.timeout(this.limits.listTimeoutMs);
    let tools;
    try {
      tools = await this.connector.listTools(target, signal, this.limits.listTimeoutMs);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw AppError.badRequest(error instanceof Error ? error.message : String(error));
    } finally {
      await reach.settle();
    }
    await this.uow.run(async (tx) => {
      const listed = tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: JSON.stringify(tool.inputSchema ?? { type: 'object' }),
      }));
      await this.repository.replaceTools(tx, id, listed);
      await this.repository.update(tx, id, { tools_refreshed_at: nowIso() });
      const details = { name: record.row.name, refreshed_tools: tools.map((tool) => tool.name) };
      await this.audit.record(tx, serverEvent(actorId, 'UPDATE', id, details), context);
    });
    return this.get(id);
  }

  async updateTool(
    actorId: string,
    id: string,
    tool: string,
    body: McpToolUpdateBody,
    context: AuditContext,
  ): Promise<McpServer> {
    await this.uow.run(async (tx) => {
      const changes = {
        ...(body.enabled !== undefined && { enabled: body.enabled ? 1 : 0 }),
        ...(body.approval !== undefined && { approval: body.approval }),
      };
      if (Object.keys(changes).length > 0 && !(await this.repository.updateTool(tx, id, tool, changes))) {
        throw AppError.notFound('MCP tool');
      }
      const event: AuditEvent = {
        userId: actorId,
        action: 'UPDATE',
        resourceType: 'mcp_tool',
        resourceId: `${id}/${tool}`,
        details: { ...body },
      };
      await this.audit.record(tx, event, context);
    });
    return this.get(id);
  }

  private async get(id: string): Promise<McpServer> {
    return toMcpServer(await this.record(id), this.boxes.env);
  }

  private async record(id: string): Promise<McpServerRecord> {
    const record = await this.repository.get(id);
    if (!record) throw AppError.notFound('MCP server');
    return record;
  }

  /** The columns a body sets, after the rules: an allowed command, a URL the guard accepts, existing grants. */
  private async checked(body: ReturnType<typeof McpServerBodySchema.parse>) {
    let command: string | null = null;
    let url: string | null = null;
    if (body.oauth_client && !body.user_oauth) {
      throw AppError.badRequest('An OAuth client is only for servers where each user signs in with OAuth.', {
        field: 'oauth_client',
      });
    }
    if (body.transport === 'stdio') {
      if (!body.command) throw AppError.badRequest('A stdio server needs a command.', { field: 'command' });
      this.connector.checkCommand(body.command);
      command = body.command;
      if (body.user_oauth) {
        throw AppError.badRequest('OAuth sign-in is for HTTP servers only.', { field: 'user_oauth' });
      }
    } else {
      if (!body.url) throw AppError.badRequest('An HTTP server needs a URL.', { field: 'url' });
      if (body.user_oauth && body.user_credential) {
        throw AppError.badRequest('Choose either a key of each user’s own or an OAuth sign-in, not both.', {
          field: 'user_oauth',
        });
      }
      url = (await checkOutboundUrl(body.url, this.network.policy, this.network.lookup)).toString();
    }
    const organizations = [...new Set(body.organization_ids)];
    const groups = [...new Set(body.group_ids)];
    const knownOrgs = new Set(await this.repository.existingOrganizations(organizations));
    const knownGroups = new Set(await this.repository.existingGroups(groups));
    if (organizations.some((org) => !knownOrgs.has(org))) {
      throw AppError.badRequest('Unknown organization.', { field: 'organization_ids' });
    }
    if (groups.some((group) => !knownGroups.has(group))) {
      throw AppError.badRequest('Unknown group.', { field: 'group_ids' });
    }
    body.organization_ids = organizations;
    body.group_ids = groups;
    return {
      name: body.name,
      transport: body.transport,
      command,
      args: JSON.stringify(body.transport === 'stdio' ? (body.args ?? []) : []),
      url,
      credential_name: body.user_credential?.name ?? null,
      credential_template: body.user_credential?.template ?? null,
      user_oauth: body.user_oauth ? 1 : 0,
      everyone: body.everyone ? 1 : 0,
      enabled: body.enabled ? 1 : 0,
    };
  }

  private sealClient(client: McpServerBody['oauth_client']): string | null {
    return client ? this.boxes.env.seal(JSON.stringify(client)) : null;
  }

  private sealEnv(env: Record<string, string>): string | null {
    return Object.keys(env).length > 0 ? this.boxes.env.seal(JSON.stringify(env)) : null;
  }

  private async freeSlug(base: string, exceptId: string | null): Promise<string> {
    for (let n = 1; n < 100; n += 1) {
      const slug = n === 1 ? base : `${base}_${n}`;
      if (!(await this.repository.slugTaken(slug, exceptId))) return slug;
    }
    return `${base}_${newId().slice(0, 6)}`;
  }
}

const serverEvent = (
  actorId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  id: string,
  details: Record<string, unknown>,
): AuditEvent => ({ userId: actorId, action, resourceType: 'mcp_server', resourceId: id, details });

/** What the log keeps of a server: no environment values (they may be secrets), no URL query. */
function describe(row: Pick<McpServerRow, 'name' | 'transport' | 'command' | 'url'>, body: McpServerBody) {
  return {
    name: row.name,
    transport: row.transport,
    command: row.command,
    origin: row.url ? new URL(row.url).origin : null,
    env_names: body.env ? Object.keys(body.env) : undefined,
    user_credential: body.user_credential?.name ?? null,
    user_oauth: body.user_oauth,
    oauth_client_id: body.oauth_client === undefined ? undefined : (body.oauth_client?.client_id ?? null),
    everyone: body.everyone,
    organization_ids: body.organization_ids,
    group_ids: body.group_ids,
    enabled: body.enabled,
  };
}
