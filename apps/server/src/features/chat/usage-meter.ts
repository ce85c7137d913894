import type { ChatTurn } from '../models';
import { estimateTokens } from './prompt-plan';

/** One answer as usage accounting counts it (issue 19). */
export interface MeteredAnswer {
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** The runtime reported no counts: they were estimated from the text. */
  estimated: boolean;
  /**
   * A call the app made for the user's chat rather than an answer they asked for (a title, a summary of older
   * messages, the answer-support check): its tokens count, as no message.
   */
  background?: boolean;
}

/** Counts one user's answers; never throws (a failed count is logged, the answer stands). */
export interface UsageMeter {
  record(answer: MeteredAnswer): Promise<void>;
}

/**
 * What chat asks of usage accounting (features/usage, wired in wiring/services.ts): a quota check before
 * anything is stored or any model is called, and a meter for each answer. Every answering path (web chat,
 * compare, temporary chat, /v1) admits and meters through these, in runModel.
 */
export interface ChatUsage {
  /** Throws 429 quota_exceeded when `answers` more would go over one of the user's quotas. */
  admit(userId: string, answers: number): Promise<void>;
  meter(userId: string): UsageMeter;
}

/** The same meter for a chat's background calls: tokens counted, no message. */
export function backgroundMeter(meter: UsageMeter | undefined): UsageMeter | undefined {
  return meter && { record: (answer) => meter.record({ ...answer, background: true }) };
}

/** The prompt's tokens when the runtime does not say: the text's estimate plus a few for each turn's framing. */
export function estimatePromptTokens(turns: ChatTurn[]): number {
  return turns.reduce((sum, turn) => sum + estimateTokens(turn.content) + 4, 0);
}
