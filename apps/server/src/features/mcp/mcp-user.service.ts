import type { McpAvailableServer, McpOAuthCallbackQuery } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { nowIso, randomToken } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import type { AvailableTool, ToolContext, ToolSource } from '../tools';
import type { McpBoxes, McpLimits } from './mcp-admin.service';
import type { McpConnector } from './mcp-connector';
import type { McpCredentialRepository } from './mcp-credential.repository';
import type { McpCredentialResolver } from './mcp-credentials';
import { MCP_OAUTH_FLOW_TTL_SECONDS, McpOAuthProvider, oauthRequired, openOAuthFlow, sealOAuthFlow } from './mcp-oauth';
import { canUse, modelToolName, openOAuthClient, userAuth } from './mcp-records';
import type { McpServerRecord, McpServerRepository } from './mcp-server.repository';

/**
 * What users see of MCP servers (the ones open to them, whether their own key is set) and the chat's tool source.
 * A user's key is read by (user, server) at the moment of their own call and goes into that call only.
 */
export class McpUserService implements ToolSource {
  constructor(
    private readonly repository: McpServerRepository,
    private readonly credentials: McpCredentialRepository,
    private readonly resolver: McpCredentialResolver,
    private readonly connector: McpConnector,
    private readonly boxes: McpBoxes,
    private readonly limits: McpLimits,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async available(userId: string): Promise<McpAvailableServer[]> {
    const [records, withKey] = await Promise.all([this.usable(userId), this.credentials.serversWithCredential(userId)]);
    return records.map((record) => ({
      id: record.row.id,
      name: record.row.name,
      needs_credential: userAuth(record) !== 'none',
      oauth: userAuth(record) === 'oauth',
      credential_set: withKey.has(record.row.id),
      tools: record.tools
        .filter((tool) => tool.enabled)
        .map((tool) => ({ name: tool.name, description: tool.description })),
    }));
  }

  async setCredential(userId: string, serverId: string, key: string, context: AuditContext): Promise<void> {
    const record = await this.usableOne(userId, serverId);
    if (userAuth(record) !== 'key') throw AppError.badRequest('This server does not take a key of your own.');
    await this.uow.run(async (tx) => {
      await this.credentials.set(tx, userId, serverId, this.boxes.credentials.seal(key), nowIso());
      await this.audit.record(tx, credentialEvent(userId, 'UPDATE', serverId), context);
    });
  }

  async deleteCredential(userId: string, serverId: string, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      // Idempotent: removing a key (or an OAuth sign-in) that is not there is done already.
      if (await this.credentials.delete(tx, userId, serverId)) {
        await this.audit.record(tx, credentialEvent(userId, 'DELETE', serverId), context);
      }
    });
  }

  /** ToolSource: the enabled tools of every server open to this user, named `<slug>__<tool>`. */
  async forUser(userId: string, signal: AbortSignal): Promise<AvailableTool[]> {
    if (signal.aborted) return [];
    const tools: AvailableTool[] = [];
    const taken = new Set<string>();
    for (const record of await this.usable(userId)) {
      for (const tool of record.tools) {
        if (!tool.enabled) continue;
        const name = modelToolName(record.row.slug, tool.name);
        if (taken.has(name)) continue;
        taken.add(name);
        tools.push({
          spec: {
            name,
            description: tool.description || tool.name,
            parameters: JSON.parse(tool.input_schema) as Record<string, unknown>,
          },
          source: record.row.name,
          approval: tool.approval,
          run: (args, context) => this.call(userId, record.row.id, tool.name, args, context),
        });
      }
    }
    return tools;
  }

  /**
   * One call, as the user the answer belongs to: the server and the tool are checked again (an admin may have
   * changed them since the list), and only that user's key is used.
   */
  private async call(
    userId: string,
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<string> {
    if (context.userId !== userId) throw new Error('This tool was offered to another user.');
    const record = await this.usableOne(userId, serverId);
    if (!record.tools.some((tool) => tool.name === toolName && tool.enabled)) {
      throw new Error(`The tool ${toolName} is no longer available on "${record.row.name}".`);
    }
    const reach = await this.resolver.reach(userId, record, (kind) =>
      kind === 'oauth'
        ? oauthRequired(record.row.name)
        : new Error(
            `"${record.row.name}" needs your own key: set it in Workspace → Tools → My MCP servers, then try again.`,
          ),
    );
    const signal = AbortSignal.any([context.signal, AbortSignal.timeout(this.limits.callTimeoutMs)]);
    try {
      return await this.connector.callTool(reach.target, toolName, args, signal, this.limits.callTimeoutMs);
    } finally {
      await reach.settle();
    }
  }

  /**
   * Connect (OAuth): discovers the server's authorization server, registers a client for this user when the
   * server allows it, and returns where to send the browser plus the sealed flow for the cookie.
   */
  async startOAuth(userId: string, serverId: string, redirectUrl: string): Promise<{ url: string; flow: string }> {
    const record = await this.usableOne(userId, serverId);
    if (userAuth(record) !== 'oauth') throw AppError.badRequest('This server does not use an OAuth sign-in.');
    const state = randomToken();
    const preRegistered = openOAuthClient(record.row.oauth_client_encrypted, this.boxes.env);
    const provider = new McpOAuthProvider(
      { redirectUrl, client: preRegistered ?? undefined },
      { serverName: record.row.name, interactive: true, state },
    );
    const result = await this.connector.authorize(record.row.url ?? '', provider, this.signal());
    const client = provider.clientInformation();
    const verifier = provider.savedVerifier();
    if (result !== 'REDIRECT' || !provider.authorizationUrl || !client || !verifier) {
      throw AppError.badRequest(`"${record.row.name}" did not offer an OAuth sign-in.`);
    }
    const expiresAt = Date.now() + MCP_OAUTH_FLOW_TTL_SECONDS * 1000;
    const flow = { userId, serverId, state, verifier, client: preRegistered ? null : client, redirectUrl, expiresAt };
    return { url: provider.authorizationUrl.href, flow: sealOAuthFlow(this.boxes.oauthFlow, flow) };
  }

  /**
   * The authorization server sent the browser back: the flow must be this user's and this state's; the code is
   * exchanged for tokens, which are stored sealed for this user only. Returns the server's id.
   */
  async finishOAuth(
    userId: string,
    sealedFlow: string | undefined,
    query: McpOAuthCallbackQuery,
    context: AuditContext,
  ): Promise<string> {
    const flow = openOAuthFlow(this.boxes.oauthFlow, sealedFlow);
    if (!flow || flow.userId !== userId || !query.state || query.state !== flow.state) {
      throw AppError.badRequest('This sign-in link has expired or belongs to another sign-in. Press Connect again.');
    }
    if (query.error || !query.code) {
      throw AppError.badRequest(
        `The server did not grant access: ${query.error_description ?? query.error ?? 'no code'}.`,
      );
    }
    const record = await this.usableOne(userId, flow.serverId);
    if (userAuth(record) !== 'oauth') throw AppError.badRequest('This server does not use an OAuth sign-in.');
    const preRegistered = openOAuthClient(record.row.oauth_client_encrypted, this.boxes.env);
    const provider = new McpOAuthProvider(
      { redirectUrl: flow.redirectUrl, client: preRegistered ?? flow.client ?? undefined },
      { serverName: record.row.name, interactive: false, verifier: flow.verifier },
    );
    const result = await this.connector.authorize(record.row.url ?? '', provider, this.signal(), query.code);
    // The admin's client stays with the server: each user keeps only their tokens (and a client of their own).
    const stored = { ...provider.stored(), ...(preRegistered && { client: undefined }) };
    if (result !== 'AUTHORIZED' || !stored.tokens) throw oauthRequired(record.row.name);
    await this.uow.run(async (tx) => {
      await this.resolver.saveOAuth(tx, userId, record.row.id, stored);
      await this.audit.record(
        tx,
        { ...credentialEvent(userId, 'UPDATE', record.row.id), details: { oauth: true } },
        context,
      );
    });
    return record.row.id;
  }

  private signal(): AbortSignal {
    return AbortSignal.timeout(this.limits.listTimeoutMs);
  }

  private async usable(userId: string): Promise<McpServerRecord[]> {
    const [records, viewer] = await Promise.all([this.repository.list(), this.repository.viewer(userId)]);
    return records.filter((record) => canUse(record, viewer));
  }

  private async usableOne(userId: string, serverId: string): Promise<McpServerRecord> {
    const [record, viewer] = await Promise.all([this.repository.get(serverId), this.repository.viewer(userId)]);
    if (!record || !canUse(record, viewer)) throw AppError.notFound('MCP server');
    return record;
  }
}

const credentialEvent = (userId: string, action: 'UPDATE' | 'DELETE', serverId: string): AuditEvent => ({
  userId,
  action,
  resourceType: 'mcp_user_credential',
  resourceId: serverId,
});
