import { queryTerms } from '../query-terms';
import { askModel, type ModelHandle } from './ask-model';
import { WordNet } from './wordnet';

export const EXPANSION_LIMITS = {
  /** Alternative phrasings asked of a model (and made offline). */
  variants: 3,
  synonymsPerTerm: 3,
  synonyms: 12,
  termsLooked: 8,
  modelTimeoutMs: 10_000,
  maxPhrasingChars: 300,
} as const;

export interface Expansion {
  /** The original query first, then its variants. */
  expandedQueries: string[];
  synonyms: string[];
  /** Each query term's synonyms (for reranking and coverage). */
  related: ReadonlyMap<string, string[]>;
  /** Plain-words account of what was done (goes into the response's reasoning). */
  steps: string[];
}

const SYSTEM = 'You rewrite search queries. Answer with the rewritten queries only, one per line, no numbering.';

/** The query's alternative phrasings (from the model when given, else WordNet substitutions) and synonyms. */
export async function expandQuery(
  query: string,
  options: { model: ModelHandle | null; signal?: AbortSignal; wordnet?: () => Promise<WordNet> },
): Promise<Expansion> {
  const steps: string[] = [];
  const bySynonyms = await wordnetSynonyms(query, options.wordnet ?? WordNet.shared, steps);
  const synonyms = [...new Set([...bySynonyms.values()].flat())].slice(0, EXPANSION_LIMITS.synonyms);
  if (synonyms.length > 0) {
    steps.push(`Expanded the query with ${plural(synonyms.length, 'synonym')} from WordNet`);
  } else if (steps.length === 0) {
    steps.push('Found no synonyms for the query terms');
  }
  let variants: string[] = [];
  if (options.model) {
    try {
      const text = await askModel(options.model, {
        system: SYSTEM,
        prompt: `Write ${EXPANSION_LIMITS.variants} different ways to phrase this search query, keeping its meaning:\n${query}`,
        signal: options.signal,
        timeoutMs: EXPANSION_LIMITS.modelTimeoutMs,
        maxTokens: 200,
      });
      variants = parsePhrasings(text, query);
      steps.push(
        variants.length > 0
          ? `Asked ${options.model.model} for alternative phrasings: got ${variants.length}`
          : `${options.model.model} gave no usable phrasings; used synonym substitutions instead`,
      );
    } catch (error) {
      steps.push(`Query expansion by ${options.model.model} failed (${reason(error)}); used synonyms instead`);
    }
  }
  if (variants.length === 0) variants = substitutions(query, bySynonyms);
  const expandedQueries = unique([query, ...variants]);
  if (expandedQueries.length > 1) steps.push(`Prepared ${plural(expandedQueries.length - 1, 'query variant')}`);
  return { expandedQueries, synonyms, related: bySynonyms, steps };
}

async function wordnetSynonyms(query: string, load: () => Promise<WordNet>, steps: string[]) {
  const result = new Map<string, string[]>();
  const terms = queryTerms(query)
    .filter((term) => term.length >= 3 && !/^\d+$/.test(term))
    .slice(0, EXPANSION_LIMITS.termsLooked);
  if (terms.length === 0) return result;
  try {
    const wordnet = await load();
    for (const term of terms) {
      const found = await wordnet.synonyms(term, EXPANSION_LIMITS.synonymsPerTerm);
      if (found.length > 0) result.set(term, found);
    }
  } catch (error) {
    steps.push(`WordNet synonyms were unavailable (${reason(error)})`);
  }
  return result;
}

/**
 * Offline variants: the query with one term replaced by one of its synonyms, nearest synonyms first, taking the
 * terms in turn (car repair → auto repair, car fix, automobile repair).
 */
export function substitutions(query: string, synonyms: Map<string, string[]>): string[] {
  const variants: string[] = [];
  const depth = Math.max(0, ...[...synonyms.values()].map((list) => list.length));
  for (let rank = 0; rank < depth; rank++) {
    for (const [term, list] of synonyms) {
      const synonym = list[rank];
      if (!synonym) continue;
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, 'giu');
      const variant = query.replace(pattern, synonym);
      if (variant !== query && !variants.includes(variant)) variants.push(variant);
      if (variants.length === EXPANSION_LIMITS.variants) return variants;
    }
  }
  return variants;
}

/** Reads phrasings from a model's answer: a JSON array of strings, or one per line (bullets/numbers removed). */
export function parsePhrasings(text: string, original: string): string[] {
  const body = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  let candidates: string[] | null = null;
  const array = /\[[\s\S]*\]/.exec(body);
  if (array) {
    try {
      const parsed: unknown = JSON.parse(array[0]);
      if (Array.isArray(parsed)) candidates = parsed.filter((item): item is string => typeof item === 'string');
    } catch {
      candidates = null;
    }
  }
  candidates ??= body.split('\n').filter((line) => !/:\s*$/.test(line.trim()));
  const cleaned = candidates
    .map((line) =>
      line
        .trim()
        .replace(/^(?:[-*•]|\d+[.):]|\(\d+\))\s*/, '')
        .replace(/^["'“‘`]+|["'”’`,]+$/g, '')
        .trim(),
    )
    .filter((line) => line.length > 0 && line.length <= EXPANSION_LIMITS.maxPhrasingChars)
    .filter((line) => line.toLowerCase() !== original.trim().toLowerCase());
  return unique(cleaned).slice(0, EXPANSION_LIMITS.variants);
}

const unique = (items: string[]) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);
