import { randomUUID } from 'node:crypto';
import {
  TOOL_APPROVAL_TIMEOUT_MS,
  TOOL_CALL_TIMEOUT_MS,
  TOOL_DECLINED_RESULT,
  TOOL_RESULT_MAX_CHARS,
  type ToolCallRecord,
} from '@hearth/contract';
import type { ToolCallRequest, ToolSpec } from '../models';
import type { AvailableTool } from './tool-source';

/** The tools of one answer: what the model is offered, and how each of its calls runs. */
export interface ToolSession {
  readonly specs: ToolSpec[];
  /**
   * Runs one call to its end (approval when the tool asks first, the time limit, the result limit) and returns
   * its record; `onUpdate` sees each status on the way. Never throws: a failure is a record with status 'failed'.
   */
  call(request: ToolCallRequest, onUpdate: (record: ToolCallRecord) => void): Promise<ToolCallRecord>;
}

/** How a session waits for approvals and writes its audit entries (ToolService). */
export interface SessionHooks {
  /** Resolves with the user's decision, or false on timeout / when the answer was stopped. */
  awaitApproval(callId: string, toolName: string, signal: AbortSignal): Promise<boolean>;
  audit(record: ToolCallRecord): Promise<void>;
}

export interface SessionLimits {
  callTimeoutMs: number;
  resultMaxChars: number;
  approvalTimeoutMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  callTimeoutMs: TOOL_CALL_TIMEOUT_MS,
  resultMaxChars: TOOL_RESULT_MAX_CHARS,
  approvalTimeoutMs: TOOL_APPROVAL_TIMEOUT_MS,
};

export function cutResult(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n… (cut: the result had ${text.length} characters, the limit is ${maxChars})`;
}

function parseArguments(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    throw new Error('The arguments are not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('The arguments must be an object.');
  return value as Record<string, unknown>;
}

export function createToolSession(
  tools: AvailableTool[],
  context: { userId: string; conversationId: string; signal: AbortSignal },
  hooks: SessionHooks,
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
): ToolSession {
  const byName = new Map(tools.map((tool) => [tool.spec.name, tool]));
  return {
    specs: tools.map((tool) => tool.spec),
    async call(request, onUpdate) {
      const tool = byName.get(request.name);
      const record: ToolCallRecord = {
        id: randomUUID(),
        name: request.name,
        source: tool?.source ?? 'Unknown',
        arguments: request.arguments,
        status: 'running',
        result: null,
        duration_ms: null,
      };
      const end = async (status: ToolCallRecord['status'], result: string, started?: number) => {
        Object.assign(record, {
          status,
          result: cutResult(result, limits.resultMaxChars),
          duration_ms: started === undefined ? null : Math.round(performance.now() - started),
        });
        onUpdate({ ...record });
        await hooks.audit({ ...record }).catch(() => undefined);
        return { ...record };
      };
      if (!tool) return end('failed', `There is no tool named "${request.name}".`);
      let args: Record<string, unknown>;
      try {
        args = parseArguments(request.arguments);
      } catch (error) {
        return end('failed', (error as Error).message);
      }
      if (tool.approval === 'ask') {
        record.status = 'awaiting_approval';
        onUpdate({ ...record });
        const approved = await hooks.awaitApproval(record.id, tool.spec.name, context.signal);
        if (!approved) return end('denied', TOOL_DECLINED_RESULT);
        record.status = 'running';
      }
      onUpdate({ ...record });
      const started = performance.now();
      const timeout = AbortSignal.timeout(limits.callTimeoutMs);
      const signal = AbortSignal.any([context.signal, timeout]);
      try {
        const result = await Promise.race([
          tool.run(args, { userId: context.userId, conversationId: context.conversationId, signal }),
          new Promise<never>((_, reject) => {
            const onAbort = () => reject(new Error(signal.reason instanceof Error ? signal.reason.message : 'aborted'));
            if (signal.aborted) onAbort();
            else signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
        return await end('done', result, started);
      } catch (error) {
        const message = timeout.aborted
          ? `The tool did not answer within ${Math.round(limits.callTimeoutMs / 1000)} seconds.`
          : error instanceof Error
            ? error.message
            : String(error);
        return end('failed', message, started);
      }
    },
  };
}
