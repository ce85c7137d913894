import type {
  AdvancedRetrievalSummary,
  ErrorCode,
  IndexingCollection,
  ToolCallRecord,
  UsedDocument,
} from '@hearth/contract';
import type { ModelProvider } from '../models';
import type { ToolSession } from '../tools';
import { type ModelAnswer, ModelCallError, errorCodeOf, runModel } from './model-call';
import type { PromptPlan } from './prompt-plan';
import { runWithTools } from './tool-loop';
import type { UsageMeter } from './usage-meter';

export const BOTH_FAILED_MESSAGE = 'Both enhanced and fallback chat services failed';

export interface PreparedPrompt {
  plan: PromptPlan;
  summaryUsed: boolean;
  documents: UsedDocument[];
  /** Knowledge lookup details of the enhanced path; absent on the plain call. */
  knowledge?: {
    searched: boolean;
    indexing: IndexingCollection[];
    advanced: boolean;
    details?: AdvancedRetrievalSummary;
    /** The web searches made (issue 20); their results are among `documents`. */
    webQueries?: string[];
  };
}

export interface AnswerRequest {
  provider: ModelProvider;
  model: string;
  temperature: number;
  /** A chat's own parameters (issue 17); absent: the runtime's defaults. */
  topP?: number;
  maxTokens?: number;
  contextSize?: number;
  signal: AbortSignal;
  /** The enhanced path (context, summary, documents); null to make only the plain call. */
  enhanced: (() => Promise<PreparedPrompt>) | null;
  /** The plain call: just the message (with its attachments). */
  plain: () => PreparedPrompt;
  onContext?: (prepared: PreparedPrompt) => void;
  onToken?: (text: string) => void;
  onEnhancedFailure?: (error: unknown) => void;
  /** Counts the answer for its user (issue 19). */
  meter?: UsageMeter;
  /** Tools for the enhanced call (issue 20); the plain fallback never calls tools. */
  tools?: () => Promise<ToolSession | null>;
  onToolCall?: (record: ToolCallRecord) => void;
}

export type AnswerOutcome =
  | {
      status: 'answered' | 'stopped';
      answer: ModelAnswer;
      prepared: PreparedPrompt | null;
      fallback: boolean;
    }
  | { status: 'failed'; code: ErrorCode; message: string; fallback: boolean };

const stoppedEarly = (fallback: boolean): AnswerOutcome => ({
  status: 'stopped',
  answer: { text: '', promptTokens: null, completionTokens: null, finishReason: 'aborted' },
  prepared: null,
  fallback,
});

/**
 * Spec §7 enhanced chat: build the context and ask the model; on any failure of that path, make a plain call
 * with just the message; when both fail, say so. Once part of an answer was streamed there is no fallback
 * (the user already saw it): the failure is reported as it is.
 */
export async function answerWithFallback(request: AnswerRequest): Promise<AnswerOutcome> {
  const { provider, model, temperature, topP, maxTokens, contextSize, signal } = request;
  const call = async (prepared: PreparedPrompt, fallback: boolean): Promise<AnswerOutcome> => {
    request.onContext?.(prepared);
    const chat = { model, messages: prepared.plan.messages, temperature, topP, maxTokens, contextSize, signal };
    const session = !fallback && request.tools ? await request.tools() : null;
    const answer = session
      ? await runWithTools({
          provider,
          request: chat,
          session,
          onToken: request.onToken,
          onToolCall: request.onToolCall,
          meter: request.meter,
        })
      : await runModel(provider, chat, request.onToken, request.meter);
    return { status: answer.finishReason === 'aborted' ? 'stopped' : 'answered', answer, prepared, fallback };
  };

  if (request.enhanced) {
    try {
      return await call(await request.enhanced(), false);
    } catch (error) {
      if (signal.aborted) return stoppedEarly(false);
      if (error instanceof ModelCallError && error.partial) {
        return { status: 'failed', code: errorCodeOf(error), message: error.message, fallback: false };
      }
      request.onEnhancedFailure?.(error);
    }
  }
  const fallback = request.enhanced !== null;
  try {
    return await call(request.plain(), fallback);
  } catch (error) {
    if (signal.aborted) return stoppedEarly(fallback);
    const message = fallback ? BOTH_FAILED_MESSAGE : error instanceof Error ? error.message : String(error);
    return { status: 'failed', code: errorCodeOf(error), message, fallback };
  }
}
