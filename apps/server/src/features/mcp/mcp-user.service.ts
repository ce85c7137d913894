import type { McpAvailableServer } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { nowIso } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import type { AvailableTool, ToolContext, ToolSource } from '../tools';
import type { McpBoxes, McpLimits } from './mcp-admin.service';
import type { McpConnector } from './mcp-connector';
import type { McpCredentialRepository } from './mcp-credential.repository';
import { canUse, modelToolName, needsCredential, targetFor } from './mcp-records';
import type { McpServerRecord, McpServerRepository } from './mcp-server.repository';

/**
 * What users see of MCP servers (the ones open to them, whether their own key is set) and the chat's tool source.
 * A user's key is read by (user, server) at the moment of their own call and goes into that call only.
 */
export class McpUserService implements ToolSource {
  constructor(
    private readonly repository: McpServerRepository,
    private readonly credentials: McpCredentialRepository,
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
      needs_credential: needsCredential(record),
      credential_set: withKey.has(record.row.id),
      tools: record.tools
        .filter((tool) => tool.enabled)
        .map((tool) => ({ name: tool.name, description: tool.description })),
    }));
  }

  async setCredential(userId: string, serverId: string, key: string, context: AuditContext): Promise<void> {
    const record = await this.usableOne(userId, serverId);
    if (!needsCredential(record)) throw AppError.badRequest('This server does not take a key of your own.');
    await this.uow.run(async (tx) => {
      await this.credentials.set(tx, userId, serverId, this.boxes.credentials.seal(key), nowIso());
      await this.audit.record(tx, credentialEvent(userId, 'UPDATE', serverId), context);
    });
  }

  async deleteCredential(userId: string, serverId: string, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      // Idempotent: removing a key that is not there is done already.
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
    let key: string | null = null;
    if (needsCredential(record)) {
      const sealed = await this.credentials.sealedFor(userId, serverId);
      if (!sealed) {
        throw new Error(
          `"${record.row.name}" needs your own key: set it in Workspace → Tools → My MCP servers, then try again.`,
        );
      }
      key = this.boxes.credentials.open(sealed);
    }
    const signal = AbortSignal.any([context.signal, AbortSignal.timeout(this.limits.callTimeoutMs)]);
    return this.connector.callTool(
      targetFor(record, this.boxes.env, key),
      toolName,
      args,
      signal,
      this.limits.callTimeoutMs,
    );
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
