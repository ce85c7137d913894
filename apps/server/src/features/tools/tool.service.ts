import { type BuiltinTool, BuiltinToolName, type ToolCallRecord, type UpdateBuiltinToolBody } from '@hearth/contract';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import { BUILTIN_TOOLS, type BuiltinToolDependencies, builtinAvailable } from './builtin-tools';
import type { ToolRepository } from './tool.repository';
import { createToolSession, DEFAULT_SESSION_LIMITS, type SessionLimits, type ToolSession } from './tool-session';
import type { AvailableTool, ToolSource } from './tool-source';

const APPROVAL_POLL_MS = 250;
/** OpenAI's rule for function names; a tool that breaks it is not offered. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Tools for answers (issue 20): the built-in ones (admins switch each on or off and choose "ask first"), plus every
 * other source (MCP servers); approvals of waiting calls, and one audit entry per call.
 */
export class ToolService {
  private readonly sources: ToolSource[] = [];

  constructor(
    private readonly repository: ToolRepository,
    private readonly deps: BuiltinToolDependencies,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS,
  ) {}

  /** Another source of tools (an MCP feature); its tools are offered after the built-in ones. */
  addSource(source: ToolSource): void {
    this.sources.push(source);
  }

  async listBuiltin(): Promise<BuiltinTool[]> {
    const saved = new Map((await this.repository.builtinSettings()).map((row) => [row.name, row]));
    return BUILTIN_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      enabled: saved.get(tool.name)?.enabled ?? tool.enabledByDefault,
      approval: saved.get(tool.name)?.approval ?? tool.approvalByDefault,
    }));
  }

  async updateBuiltin(name: string, body: UpdateBuiltinToolBody, context: AuditContext): Promise<BuiltinTool> {
    const tool = BuiltinToolName.parse(name);
    await this.uow.run(async (tx) => {
      await this.repository.saveBuiltinSetting(tx, { name: tool, ...body }, new Date().toISOString());
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: 'builtin_tool',
          resourceId: tool,
          details: { enabled: body.enabled, approval: body.approval },
        },
        context,
      );
    });
    const updated = (await this.listBuiltin()).find((entry) => entry.name === tool);
    if (!updated) throw new Error(`built-in tool ${tool} vanished`);
    return updated;
  }

  /** Every tool this user may use now; a source that fails is left out (its tools are not offered). */
  async availableTo(userId: string, signal: AbortSignal): Promise<AvailableTool[]> {
    const builtin = (await this.listBuiltin()).flatMap((setting) => {
      const definition = BUILTIN_TOOLS.find((tool) => tool.name === setting.name);
      return definition && setting.enabled ? [builtinAvailable(definition, setting.approval, this.deps)] : [];
    });
    const others = await Promise.all(this.sources.map((source) => source.forUser(userId, signal).catch(() => [])));
    const seen = new Set<string>();
    return [...builtin, ...others.flat()].filter((tool) => {
      if (!TOOL_NAME.test(tool.spec.name) || seen.has(tool.spec.name)) return false;
      seen.add(tool.spec.name);
      return true;
    });
  }

  /** The tools of one answer; null when the user has none. */
  async session(input: {
    userId: string;
    conversationId: string;
    signal: AbortSignal;
    only?: string[];
  }): Promise<ToolSession | null> {
    const available = await this.availableTo(input.userId, input.signal);
    const only = input.only ? new Set(input.only) : null;
    const tools = only ? available.filter((tool) => only.has(tool.spec.name)) : available;
    if (tools.length === 0) return null;
    const context: AuditContext = { actorId: input.userId, ip: null, userAgent: null };
    return createToolSession(
      tools,
      input,
      {
        awaitApproval: (callId, toolName, signal) => this.awaitApproval(input, callId, toolName, signal),
        audit: (record) => this.recordCall(input, record, context),
      },
      this.limits,
    );
  }

  /** The user's answer to a waiting call; false when no such call of theirs is waiting. */
  decide(userId: string, conversationId: string, callId: string, approve: boolean): Promise<boolean> {
    return this.repository.decide(userId, conversationId, callId, approve, new Date().toISOString());
  }

  private async awaitApproval(
    input: { userId: string; conversationId: string },
    callId: string,
    toolName: string,
    signal: AbortSignal,
  ): Promise<boolean> {
    await this.repository.openApproval(
      { id: callId, userId: input.userId, conversationId: input.conversationId, toolName },
      new Date().toISOString(),
    );
    const deadline = performance.now() + this.limits.approvalTimeoutMs;
    // Polled from the database: the decision may be taken on another replica.
    while (!signal.aborted && performance.now() < deadline) {
      const decision = await this.repository.decisionOf(input.userId, callId);
      if (decision) return decision === 'approved';
      await sleep(APPROVAL_POLL_MS, signal);
    }
    await this.repository.expire(input.userId, callId, new Date().toISOString());
    return (await this.repository.decisionOf(input.userId, callId)) === 'approved';
  }

  private async recordCall(
    input: { userId: string; conversationId: string },
    record: ToolCallRecord,
    context: AuditContext,
  ) {
    await this.uow.run((tx) =>
      this.audit.record(
        tx,
        {
          userId: input.userId,
          action: 'CREATE',
          resourceType: 'tool_call',
          resourceId: record.id,
          details: {
            tool: record.name,
            source: record.source,
            status: record.status,
            duration_ms: record.duration_ms,
            conversation_id: input.conversationId,
            arguments: record.arguments.slice(0, 500),
          },
        },
        context,
      ),
    );
  }
}
