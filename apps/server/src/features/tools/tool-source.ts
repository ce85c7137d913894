import type { ToolSpec } from '../models';

/** Who is calling and for which answer: every tool runs as the user whose answer it serves. */
export interface ToolContext {
  userId: string;
  conversationId: string;
  /** Stopping the answer or the per-call time limit aborts this. */
  signal: AbortSignal;
}

/** A tool one user may use now: what the model sees, where it comes from, whether it asks first, how to run it. */
export interface AvailableTool {
  spec: ToolSpec;
  /** Shown beside the call: "Built-in" or the MCP server's name. */
  source: string;
  /** 'ask': the call waits for the user's approval in the chat. */
  approval: 'auto' | 'ask';
  /** The result as text for the model. Throws (any error) when the call failed; the message is shown. */
  run(args: Record<string, unknown>, context: ToolContext): Promise<string>;
}

/** Something that offers tools (the built-in ones, each MCP server): the chat asks every source per answer. */
export interface ToolSource {
  forUser(userId: string, signal: AbortSignal): Promise<AvailableTool[]>;
}
