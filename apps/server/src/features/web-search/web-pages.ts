import { createHash } from 'node:crypto';
import type { UsedDocument, WebSearchHit } from '@hearth/contract';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import { extractDocument } from '../extraction';
import { chunkSections, FetchFailure, fetchText, queryIndexTerms, termCounts, toUtf8 } from '../knowledge';

/** Each result page: one request, a few seconds, a few megabytes at most. */
export const PAGE_LIMITS = { timeoutMs: 8_000, maxBytes: 3 * 1024 * 1024, maxRedirects: 3 };
const EXTRACTION_LIMITS = { maxBytes: PAGE_LIMITS.maxBytes, maxChars: 400_000, timeoutMs: 10_000 };
/** Passages are smaller than knowledge chunks: the model gets one per page, next to the other sources. */
const PASSAGE_OPTIONS = { targetChars: 700, maxChars: 900, overlapChars: 100 };
/** The most passages of one page that are scored (a huge page is mostly navigation and boilerplate). */
const PASSAGES_PER_PAGE = 400;

interface Candidate {
  hit: WebSearchHit;
  passages: string[];
}

export interface PageOptions {
  /** The guard policy for result pages: public addresses plus the admin's intranet allowlist. */
  policy: SsrfPolicy;
  lookup?: Lookup;
  signal: AbortSignal;
}

/**
 * The readable text of one result page as passages, through the guarded fetcher (size, time and type limits)
 * and the one extraction path (Readability for HTML). A page the guard refuses is dropped: its address is one
 * this server may not reach, so it is not cited either. A page that cannot be read otherwise keeps the
 * provider's snippet.
 */
async function readPage(hit: WebSearchHit, options: PageOptions): Promise<Candidate | null> {
  const fallback = hit.snippet ? { hit, passages: [hit.snippet] } : null;
  try {
    const fetched = await fetchText(hit.url, 'page', { ...options, limits: PAGE_LIMITS });
    const name = fetched.mediaType === 'text/plain' ? 'page.txt' : 'page.html';
    const { sections } = await extractDocument(toUtf8(fetched), name, EXTRACTION_LIMITS);
    const passages = chunkSections(sections, PASSAGE_OPTIONS)
      .slice(0, PASSAGES_PER_PAGE)
      .map((chunk) => chunk.text.replace(/^#{1,6}\s+/gm, '').trim())
      .filter(Boolean);
    return passages.length > 0 ? { hit, passages } : fallback;
  } catch (error) {
    if (error instanceof FetchFailure && error.kind === 'refused') return null;
    if (options.signal.aborted) throw error;
    return fallback;
  }
}

/** BM25 (k1 1.2, b 0.75) of every passage against the question, over all passages read for this search. */
export function scorePassages(question: string, passages: string[]): number[] {
  const terms = queryIndexTerms(question);
  const counts = passages.map(termCounts);
  const average = counts.reduce((sum, count) => sum + count.length, 0) / Math.max(1, counts.length);
  const idf = new Map(
    terms.map((term) => {
      const df = counts.filter((count) => count.tf.has(term)).length;
      return [term, Math.log(1 + (counts.length - df + 0.5) / (df + 0.5))];
    }),
  );
  return counts.map((count) =>
    terms.reduce((score, term) => {
      const tf = count.tf.get(term) ?? 0;
      if (tf === 0) return score;
      const norm = tf + 1.2 * (0.25 + (0.75 * count.length) / Math.max(1, average));
      return score + ((idf.get(term) ?? 0) * tf * 2.2) / norm;
    }, 0),
  );
}

const sourceId = (url: string) => `web-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;

/**
 * The search's results as sources: each page read, its passage most relevant to the question picked (its first
 * when none matches), in the provider's order. `collectionName` holds the site, as the sources card shows it.
 */
export async function webSources(
  hits: WebSearchHit[],
  question: string,
  options: PageOptions,
): Promise<UsedDocument[]> {
  const candidates = (await Promise.all(hits.map((hit) => readPage(hit, options)))).filter(
    (candidate): candidate is Candidate => candidate !== null,
  );
  const all = candidates.flatMap((candidate) => candidate.passages);
  const scores = scorePassages(question, all);
  const top = Math.max(0, ...scores);
  let offset = 0;
  return candidates.map(({ hit, passages }) => {
    const own = scores.slice(offset, offset + passages.length);
    offset += passages.length;
    const best = own.reduce((bestIndex, score, index) => (score > (own[bestIndex] ?? 0) ? index : bestIndex), 0);
    const score = own[best] ?? 0;
    return {
      id: sourceId(hit.url),
      fileName: hit.title,
      collectionName: new URL(hit.url).host,
      snippet: passages[best] ?? hit.snippet,
      relevance_score: top > 0 ? Math.round((score / top) * 100) / 100 : 0,
      url: hit.url,
    };
  });
}
