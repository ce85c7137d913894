import type { ErrorCode, ToolCallRecord } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { TextBatcher } from '../../lib/text-batcher';
import { type ChatRequest, type ModelProvider, ProviderError, type ToolCallRequest } from '../models';
import { estimateTokens } from './prompt-plan';
import { estimatePromptTokens, type UsageMeter } from './usage-meter';

export interface ModelAnswer {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
  finishReason: 'stop' | 'length' | 'aborted' | 'tool_calls';
  /** The tools the model asked for (finishReason 'tool_calls'). */
  toolCalls?: ToolCallRequest[];
  /** The tool calls that ran for this answer (tool-loop.ts), in order. */
  calls?: ToolCallRecord[];
}

/** A model call that failed; `partial` when some of the answer had already been streamed. */
export class ModelCallError extends Error {
  constructor(
    readonly reason: unknown,
    readonly partial: boolean,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'ModelCallError';
  }
}

/**
 * Runs one chat request to the end, passing the text on as it comes: paced for every provider alike (the
 * first piece at once, then at most one a frame, see lib/text-batcher.ts), all of it out before this returns.
 * Stopping (the request's signal) is not a failure: the answer so far comes back with finishReason 'aborted'.
 */
export async function runModel(
  provider: ModelProvider,
  request: ChatRequest,
  onToken?: (text: string) => void,
  /** Counts the answer for its user (issue 19): every answering path passes one. */
  meter?: UsageMeter,
): Promise<ModelAnswer> {
  if (meter) return metered(meter, request, await runModel(provider, request, onToken));
  let text = '';
  let toolCalls: ToolCallRequest[] | undefined;
  const paced = onToken ? new TextBatcher(onToken) : null;
  const stopped = (): ModelAnswer => ({ text, promptTokens: null, completionTokens: null, finishReason: 'aborted' });
  try {
    for await (const chunk of provider.chat(request)) {
      if (chunk.type === 'token') {
        if (request.signal.aborted) return stopped();
        text += chunk.text;
        paced?.push(chunk.text);
        continue;
      }
      if (chunk.type === 'tool_calls') {
        toolCalls = [...(toolCalls ?? []), ...chunk.calls];
        continue;
      }
      return {
        text,
        promptTokens: chunk.promptTokens,
        completionTokens: chunk.completionTokens,
        finishReason: request.signal.aborted ? 'aborted' : chunk.finishReason,
        ...(toolCalls && !request.signal.aborted ? { toolCalls } : {}),
      };
    }
  } catch (error) {
    if (request.signal.aborted) return stopped();
    throw new ModelCallError(error, text.length > 0);
  } finally {
    // The text still waiting for its frame is part of the answer (and of what a stopped answer saves).
    paced?.flush();
  }
  return request.signal.aborted
    ? stopped()
    : { text, promptTokens: null, completionTokens: null, finishReason: 'stop' };
}

/** Records an answer (stopped ones too: their tokens were spent), with estimates where the runtime gave none. */
async function metered(meter: UsageMeter, request: ChatRequest, answer: ModelAnswer): Promise<ModelAnswer> {
  const estimated = answer.promptTokens === null || answer.completionTokens === null;
  await meter.record({
    model: request.model,
    promptTokens: answer.promptTokens ?? estimatePromptTokens(request.messages),
    completionTokens: answer.completionTokens ?? estimateTokens(answer.text),
    estimated,
  });
  return answer;
}

/** The stable error code for a failed model call. */
export function errorCodeOf(error: unknown): ErrorCode {
  const reason = error instanceof ModelCallError ? error.reason : error;
  if (reason instanceof AppError) return reason.code;
  if (reason instanceof ProviderError) {
    if (reason.kind === 'unreachable') return 'provider_unavailable';
    if (reason.kind === 'model_not_found') return 'model_not_found';
  }
  return 'upstream_error';
}
