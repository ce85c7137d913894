import type { AnswerSupport } from '@hearth/contract';
import type { ModelProvider } from '../models';
import { checkableStatements, lexicalSupport } from './answer-support';
import { runModel } from './model-call';
import type { UsageMeter } from './usage-meter';

/** A local model may be slow; past this the lexical check answers instead, so `done` is never held long. */
export const SUPPORT_JUDGE_TIMEOUT_MS = 15_000;
const JUDGE_MAX_TOKENS = 200;
/** Statements and passage text sent to the judge at most (a long answer is judged lexically). */
const JUDGE_MAX_STATEMENTS = 20;
const JUDGE_PASSAGE_CHARS = 6_000;

export interface SupportJudge {
  provider: ModelProvider;
  model: string;
  /** Counts the check's tokens for the user (no message). */
  meter?: UsageMeter;
}

export const SUPPORT_JUDGE_SYSTEM =
  'You check whether statements are supported by source passages. A statement is supported only when the ' +
  'passages say it (same facts, numbers and names); wording may differ. Reply with JSON only, exactly ' +
  '{"supported":[numbers of the supported statements]}.';

/** The model's verdict as the numbers of supported statements; null when the reply is not that JSON. */
export function parseVerdict(text: string, count: number): Set<number> | null {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) return null;
  try {
    const value: unknown = JSON.parse(match[0]);
    const list = (value as { supported?: unknown }).supported;
    if (!Array.isArray(list)) return null;
    const numbers = list.filter((item): item is number => Number.isInteger(item) && item >= 1 && item <= count);
    if (numbers.length !== list.length) return null;
    return new Set(numbers);
  } catch {
    return null;
  }
}

async function judge(
  handle: SupportJudge,
  statements: string[],
  passages: readonly string[],
  timeoutMs: number,
): Promise<AnswerSupport | null> {
  const sources = passages
    .map((text, index) => `[${index + 1}] ${text}`)
    .join('\n\n')
    .slice(0, JUDGE_PASSAGE_CHARS);
  const numbered = statements.map((sentence, index) => `${index + 1}. ${sentence}`).join('\n');
  const timeout = AbortSignal.timeout(timeoutMs);
  const answer = await runModel(
    handle.provider,
    {
      model: handle.model,
      messages: [
        { role: 'system', content: SUPPORT_JUDGE_SYSTEM },
        { role: 'user', content: `Passages:\n${sources}\n\nStatements:\n${numbered}` },
      ],
      temperature: 0,
      maxTokens: JUDGE_MAX_TOKENS,
      signal: timeout,
    },
    undefined,
    handle.meter,
  );
  if (answer.finishReason === 'aborted') return null;
  const verdict = parseVerdict(answer.text, statements.length);
  if (!verdict) return null;
  const unsupported = statements.filter((_, index) => !verdict.has(index + 1));
  return { supported: statements.length - unsupported.length, total: statements.length, unsupported, method: 'model' };
}

/**
 * The answer-support check: the answering model judges when one is given (bounded in time), and word overlap
 * answers when there is none, when it fails, runs out of time or replies with anything but the verdict.
 */
export async function checkSupport(input: {
  answer: string;
  passages: readonly string[];
  judge: SupportJudge | null;
  onJudgeFailure?: (error: unknown) => void;
  timeoutMs?: number;
}): Promise<AnswerSupport> {
  const statements = checkableStatements(input.answer);
  if (input.judge && statements.length > 0 && statements.length <= JUDGE_MAX_STATEMENTS) {
    try {
      const verdict = await judge(input.judge, statements, input.passages, input.timeoutMs ?? SUPPORT_JUDGE_TIMEOUT_MS);
      if (verdict) return verdict;
    } catch (error) {
      input.onJudgeFailure?.(error);
    }
  }
  return lexicalSupport(input.answer, input.passages);
}
