import { MAX_TOOL_CALLS_PER_ANSWER, TOOL_LIMIT_REACHED_RESULT, type ToolCallRecord } from '@hearth/contract';
import type { ChatRequest, ChatTurn, ModelProvider } from '../models';
import type { ToolSession } from '../tools';
import { type ModelAnswer, ModelCallError, runModel } from './model-call';
import type { UsageMeter } from './usage-meter';

/** Where the chat gets one answer's tools (the tools feature's ToolService). */
export interface ChatTools {
  session(input: {
    userId: string;
    conversationId: string;
    signal: AbortSignal;
    /** Only tools of these names (a chat's or preset's choice). */
    only?: string[];
  }): Promise<ToolSession | null>;
}

const addTokens = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));

/**
 * An answer that may call tools (issue 20): the model is offered the session's tools; each call it asks for runs
 * (approval, time and result limits: ToolSession) and its result goes back to the model, until it answers in
 * words. At most `maxCalls` calls run per answer; after that the model is asked once more without tools. A
 * runtime that refuses `tools` before anything was streamed answers the same prompt without them.
 */
export async function runWithTools(input: {
  provider: ModelProvider;
  request: ChatRequest;
  session: ToolSession;
  onToken?: (text: string) => void;
  onToolCall?: (record: ToolCallRecord) => void;
  meter?: UsageMeter;
  maxCalls?: number;
}): Promise<ModelAnswer> {
  const { provider, request, session, meter } = input;
  const maxCalls = input.maxCalls ?? MAX_TOOL_CALLS_PER_ANSWER;
  const messages: ChatTurn[] = [...request.messages];
  const calls: ToolCallRecord[] = [];
  let text = '';
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  // Text of a later round starts a new paragraph of the same answer (as it streams and as it is saved).
  const needsBreak = () => text.length > 0 && !text.endsWith('\n');
  let roundStarted = false;
  const onToken = (piece: string) => {
    if (!piece) return;
    if (!roundStarted && needsBreak()) input.onToken?.('\n\n');
    roundStarted = true;
    input.onToken?.(piece);
  };
  const append = (more: string) => {
    text = more && needsBreak() ? `${text}\n\n${more}` : text + more;
  };
  const result = (answer: ModelAnswer): ModelAnswer => ({
    ...answer,
    text,
    promptTokens: addTokens(promptTokens, answer.promptTokens),
    completionTokens: addTokens(completionTokens, answer.completionTokens),
    toolCalls: undefined,
    calls,
  });

  for (;;) {
    const tools = calls.length < maxCalls ? session.specs : undefined;
    roundStarted = false;
    let answer: ModelAnswer;
    try {
      answer = await runModel(provider, { ...request, messages, tools }, onToken, meter);
    } catch (error) {
      if (!tools || calls.length > 0 || !(error instanceof ModelCallError) || error.partial) throw error;
      answer = await runModel(provider, { ...request, messages }, onToken, meter);
      append(answer.text);
      return result(answer);
    }
    append(answer.text);
    const requested = tools ? (answer.toolCalls ?? []) : [];
    if (requested.length === 0 || answer.finishReason === 'aborted' || request.signal.aborted) return result(answer);
    promptTokens = addTokens(promptTokens, answer.promptTokens);
    completionTokens = addTokens(completionTokens, answer.completionTokens);
    messages.push({ role: 'assistant', content: answer.text, toolCalls: requested });
    for (const call of requested) {
      // Every call the model asked for gets a result, or the runtime would reject the next round.
      const content =
        calls.length >= maxCalls || request.signal.aborted
          ? TOOL_LIMIT_REACHED_RESULT
          : ((await session
              .call(call, (record) => input.onToolCall?.(record))
              .then((record) => {
                calls.push(record);
                return record.result;
              })) ?? '');
      messages.push({ role: 'tool', toolCallId: call.id, content });
    }
    if (request.signal.aborted) {
      return result({ ...answer, promptTokens: null, completionTokens: null, finishReason: 'aborted' });
    }
  }
}
