import { z } from 'zod';

/** Issue 20: limits of the tool-call loop of one answer. */
export const MAX_TOOL_CALLS_PER_ANSWER = 8;
export const TOOL_CALL_TIMEOUT_MS = 30_000;
/** A tool's result is cut to this many characters before the model sees it. */
export const TOOL_RESULT_MAX_CHARS = 8_000;
/** A call that asks first is declined when nobody answers within this time. */
export const TOOL_APPROVAL_TIMEOUT_MS = 5 * 60_000;
export const TOOL_LIMIT_REACHED_RESULT = `Not run: an answer may call at most ${MAX_TOOL_CALLS_PER_ANSWER} tools.`;
export const TOOL_DECLINED_RESULT = 'The user declined this call.';

export const BuiltinToolName = z.enum(['calculator', 'current_datetime', 'search_knowledge', 'fetch_url']);
export type BuiltinToolName = z.infer<typeof BuiltinToolName>;

export const ToolApproval = z.enum(['auto', 'ask']);
export type ToolApproval = z.infer<typeof ToolApproval>;

/** A built-in tool as Workspace → Tools lists it; admins switch it on or off and choose whether it asks first. */
export const BuiltinTool = z.object({
  name: BuiltinToolName,
  description: z.string(),
  enabled: z.boolean(),
  approval: ToolApproval,
});
export type BuiltinTool = z.infer<typeof BuiltinTool>;

export const BuiltinToolList = z.object({ tools: z.array(BuiltinTool) });
export type BuiltinToolList = z.infer<typeof BuiltinToolList>;

export const BuiltinToolParams = z.object({ name: BuiltinToolName });
export const UpdateBuiltinToolBody = z.object({ enabled: z.boolean(), approval: ToolApproval });
export type UpdateBuiltinToolBody = z.infer<typeof UpdateBuiltinToolBody>;

/** POST /api/conversations/:id/tool-calls/:callId/decision: run the waiting call, or decline it. */
export const ToolCallParams = z.object({ id: z.uuid(), callId: z.uuid() });
export const ToolCallDecisionBody = z.object({ approve: z.boolean() });
export type ToolCallDecisionBody = z.infer<typeof ToolCallDecisionBody>;
export const ToolCallDecisionResponse = z.object({ decided: z.boolean() });
export type ToolCallDecisionResponse = z.infer<typeof ToolCallDecisionResponse>;

/** GET /api/tools: the tools the signed-in user's answers may call now (built-in and MCP). */
export const AvailableToolList = z.object({
  tools: z.array(z.object({ name: z.string(), description: z.string(), source: z.string(), approval: ToolApproval })),
});
export type AvailableToolList = z.infer<typeof AvailableToolList>;
