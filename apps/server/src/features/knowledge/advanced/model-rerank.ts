import type { KnowledgeSearchResult } from '@hearth/contract';
import { askModel, type ModelHandle } from './ask-model';
import { clamp } from './proximity';

export const MODEL_RERANK_LIMITS = { candidates: 20, snippetChars: 300, timeoutMs: 15_000 } as const;
/** How much of the final score is the model's judgement; the rest is the search's own relevance. */
const MODEL_SHARE = 0.7;

const SYSTEM =
  'You judge search results. For each numbered passage, rate how well it answers the query from 0 (unrelated) ' +
  'to 10 (answers it fully). Reply only with lines of the form "number: score".';

/**
 * Asks the model to score the first 20 candidates (short snippets) and re-orders them; candidates past 20 follow
 * in their fused order. Throws when the model fails, times out or scores fewer than half of the passages.
 */
export async function modelRerank(
  results: KnowledgeSearchResult[],
  query: string,
  model: ModelHandle,
  signal?: AbortSignal,
): Promise<KnowledgeSearchResult[]> {
  const head = results.slice(0, MODEL_RERANK_LIMITS.candidates);
  const passages = head.map((result, index) => {
    const text = result.snippets
      .map((snippet) => snippet.text)
      .join(' … ')
      .replace(/\s+/g, ' ')
      .slice(0, MODEL_RERANK_LIMITS.snippetChars);
    return `[${index + 1}] ${result.file_name}: ${text}`;
  });
  const answer = await askModel(model, {
    system: SYSTEM,
    prompt: `Query: ${query}\n\nPassages:\n${passages.join('\n')}`,
    signal,
    timeoutMs: MODEL_RERANK_LIMITS.timeoutMs,
    maxTokens: 12 * head.length + 50,
  });
  const scores = parseScores(answer, head.length);
  if (scores.size < Math.ceil(head.length / 2)) throw new Error(`the model scored ${scores.size} of ${head.length}`);
  const rescored = head
    .map((result, index) => {
      const judged = scores.get(index);
      const score =
        judged === undefined
          ? (1 - MODEL_SHARE) * result.relevance_score
          : MODEL_SHARE * judged + (1 - MODEL_SHARE) * result.relevance_score;
      return { result: { ...result, relevance_score: clamp(score) }, index };
    })
    .sort((a, b) => b.result.relevance_score - a.result.relevance_score || a.index - b.index)
    .map((entry) => entry.result);
  return [...rescored, ...results.slice(head.length)];
}

/** "3: 7", "[3] 7/10", "3 - 7.5" per line → index 2 ↦ 0.7. Numbers outside 1..count or 0..10 are ignored. */
export function parseScores(text: string, count: number): Map<number, number> {
  const scores = new Map<number, number>();
  const body = text.replace(/<think>[\s\S]*?<\/think>/gi, '');
  for (const match of body.matchAll(/^\s*\[?(\d{1,3})\]?\s*[:=)\].-]?\s*(\d{1,2}(?:\.\d+)?)(?:\s*\/\s*10)?/gm)) {
    const index = Number(match[1]) - 1;
    const score = Number(match[2]);
    if (index >= 0 && index < count && score >= 0 && score <= 10 && !scores.has(index)) scores.set(index, score / 10);
  }
  return scores;
}
