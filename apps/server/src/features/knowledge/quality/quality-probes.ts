import { QUALITY_REPORT } from '@hearth/contract';
import { isContentWord, splitStatements, WORD } from '../../chat';
import { askModel, type ModelHandle } from '../advanced/ask-model';
import type { QualityChunkRow } from './quality-report.repository';

/** A probe question and the passage it was made from (the one search should find). */
export interface Probe {
  question: string;
  chunkId: string;
  documentId: string;
}

/** Passages with fewer distinctive words make no useful question (a page number, a lone heading). */
const MIN_WORDS = 4;
/** Words of the key sentence a probe asks with: enough to aim, few enough not to quote the passage. */
const PROBE_WORDS = 6;
const MODEL_TIMEOUT_MS = 20_000;

const wordsOf = (text: string): string[] =>
  (text.match(WORD) ?? []).map((word) => word.toLowerCase()).filter(isContentWord);

/**
 * Up to `max` passages spread over the documents: each document gets its share, taken evenly through it, so
 * a long document does not crowd out the short ones and every document is asked about.
 */
export function pickPassages(chunks: QualityChunkRow[], max: number = QUALITY_REPORT.maxProbes): QualityChunkRow[] {
  const byDocument = new Map<string, QualityChunkRow[]>();
  for (const chunk of chunks) {
    if (new Set(wordsOf(chunk.text)).size < MIN_WORDS) continue;
    byDocument.set(chunk.document_id, [...(byDocument.get(chunk.document_id) ?? []), chunk]);
  }
  const documents = [...byDocument.values()];
  // Shares dealt one at a time, round the documents, so what a short document cannot use goes to the others.
  const shares = documents.map(() => 0);
  for (let left = max; left > 0;) {
    const before = left;
    documents.forEach((list, index) => {
      if (left > 0 && (shares[index] ?? 0) < list.length) {
        shares[index] = (shares[index] ?? 0) + 1;
        left -= 1;
      }
    });
    if (left === before) break;
  }
  return documents.flatMap((list, index) => {
    const take = shares[index] ?? 0;
    return Array.from({ length: take }, (_, i) => list[Math.floor((i * list.length) / take)] as QualityChunkRow);
  });
}

/** How rare each word is across the passages (inverse document frequency), to find what is distinctive. */
export function rarity(chunks: readonly QualityChunkRow[]): (word: string) => number {
  const seen = new Map<string, number>();
  for (const chunk of chunks)
    for (const word of new Set(wordsOf(chunk.text))) seen.set(word, (seen.get(word) ?? 0) + 1);
  const total = chunks.length;
  return (word) => Math.log(1 + total / (seen.get(word) ?? 1));
}

/**
 * The offline probe: the passage's key sentence (the one with the most distinctive words), asked with its
 * rarest words and the last heading above it, e.g. "Holidays: vacation accrue monthly employees days?".
 */
export function offlineQuestion(chunk: QualityChunkRow, weight: (word: string) => number): string {
  const sentences = splitStatements(chunk.text).filter((sentence) => new Set(wordsOf(sentence)).size >= MIN_WORDS);
  const score = (sentence: string) => [...new Set(wordsOf(sentence))].reduce((sum, word) => sum + weight(word), 0);
  const key = sentences.reduce<string | null>(
    (best, sentence) => (best === null || score(sentence) > score(best) ? sentence : best),
    null,
  );
  const words = [...new Set(wordsOf(key ?? chunk.text))];
  const chosen = new Set([...words].sort((a, b) => weight(b) - weight(a)).slice(0, PROBE_WORDS));
  const heading = chunk.heading_path?.split(' > ').at(-1)?.trim();
  const question = words.filter((word) => chosen.has(word)).join(' ');
  return `${heading ? `${heading}: ` : ''}${question}?`;
}

/** A model-written probe; null when the model fails, runs out of time or answers with something unusable. */
async function modelQuestion(chunk: QualityChunkRow, model: ModelHandle, signal: AbortSignal): Promise<string | null> {
  try {
    const text = await askModel(model, {
      system:
        'Write one short question a reader would ask that this passage answers. Do not quote it. ' +
        'Reply with the question only.',
      prompt: chunk.text.slice(0, 3000),
      signal,
      timeoutMs: MODEL_TIMEOUT_MS,
      maxTokens: 60,
    });
    const question = text.trim().split('\n')[0]?.trim() ?? '';
    return question.length >= 8 && question.length <= 300 ? question : null;
  } catch {
    signal.throwIfAborted();
    return null;
  }
}

/** The probes for the picked passages: model-written when a model is given (offline for any it fails). */
export async function makeProbes(
  picked: QualityChunkRow[],
  all: QualityChunkRow[],
  model: ModelHandle | null,
  signal: AbortSignal,
): Promise<{ probes: Probe[]; byModel: number }> {
  const weight = rarity(all);
  let byModel = 0;
  const probes: Probe[] = [];
  for (const chunk of picked) {
    const written = model ? await modelQuestion(chunk, model, signal) : null;
    if (written) byModel += 1;
    probes.push({
      question: written ?? offlineQuestion(chunk, weight),
      chunkId: chunk.id,
      documentId: chunk.document_id,
    });
  }
  return { probes, byModel };
}
