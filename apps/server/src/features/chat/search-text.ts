import type { SearchHighlight, SearchSnippet } from '@hearth/contract';
import { AppError } from '../../http/errors';

/** One thing to find: a word, or a phrase when it has several words; `prefix` makes the last word a prefix. */
export interface SearchTerm {
  words: string[];
  prefix: boolean;
}

const MAX_TERMS = 12;
const MAX_WORD = 64;
/** Shorter prefixes would match most of the index ("a*"): they are searched as whole words instead. */
const MIN_PREFIX = 2;
const WORD = /[\p{L}\p{N}]+/gu;
const SNIPPET_LENGTH = 180;
const SNIPPET_LEAD = 60;

const words = (text: string): string[] => (text.toLowerCase().match(WORD) ?? []).map((w) => w.slice(0, MAX_WORD));

/** Case and accents folded the way SQLite's unicode61 tokenizer folds them, for finding the matches again. */
const fold = (word: string): string => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Words, "quoted phrases" and prefix* (a trailing star). Every term must match (AND). Punctuation inside a word
 * ("e-mail") makes a phrase of its parts, as both databases' tokenizers split it. Operators are never passed
 * through: only letters and digits reach the database query.
 */
export function parseSearch(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of q.matchAll(/"([^"]*)"(\*?)|(\S+)/g)) {
    const raw = match[1] ?? match[3] ?? '';
    const star = match[1] !== undefined ? match[2] === '*' : raw.endsWith('*');
    const parts = words(raw);
    const last = parts.at(-1);
    if (!last) continue;
    terms.push({ words: parts, prefix: star && last.length >= MIN_PREFIX });
  }
  if (terms.length === 0) throw AppError.badRequest('Type at least one word to search for');
  if (terms.length > MAX_TERMS) throw AppError.badRequest(`Search for at most ${MAX_TERMS} words or phrases`);
  return terms;
}

/** An FTS5 expression over the `body` column (the owner is matched by the repository). */
export const ftsQuery = (terms: SearchTerm[]): string =>
  terms.map((term) => `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`).join(' AND ');

/** A PostgreSQL tsquery for the `simple` configuration. */
export const tsQuery = (terms: SearchTerm[]): string =>
  terms
    .map((term) => {
      const parts = term.words.map((word, index) =>
        index === term.words.length - 1 && term.prefix ? `'${word}':*` : `'${word}'`,
      );
      return `(${parts.join(' <-> ')})`;
    })
    .join(' & ');

function matcher(terms: SearchTerm[]): (token: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const term of terms) {
    term.words.forEach((word, index) => {
      if (term.prefix && index === term.words.length - 1) prefixes.push(fold(word));
      else exact.add(fold(word));
    });
  }
  return (token) => {
    const folded = fold(token);
    return exact.has(folded) || prefixes.some((prefix) => folded.startsWith(prefix));
  };
}

/** Where the query's words occur in `text` (offsets in UTF-16 code units). */
export function highlightsIn(text: string, terms: SearchTerm[]): SearchHighlight[] {
  const matches = matcher(terms);
  const found: SearchHighlight[] = [];
  for (const token of text.matchAll(WORD)) {
    if (matches(token[0])) found.push({ start: token.index, end: token.index + token[0].length });
  }
  return found;
}

/**
 * A short plain-text window around the first match, on one line, with every match in it marked by offsets.
 * Text that matched in a way we cannot find again (beyond the indexed length) gives its beginning, unmarked.
 */
export function makeSnippet(content: string, terms: SearchTerm[]): SearchSnippet {
  const text = content.replace(/\s+/g, ' ').trim();
  const all = highlightsIn(text, terms);
  const first = all[0]?.start ?? 0;
  let start = Math.max(0, first - SNIPPET_LEAD);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    const lastEnd = all.find((h) => h.start >= first && h.end > end)?.end;
    end = lastEnd !== undefined && lastEnd - start < SNIPPET_LENGTH + 40 ? lastEnd : space > first ? space : end;
  }
  const lead = start > 0 ? '…' : '';
  const shift = lead.length - start;
  return {
    text: `${lead}${text.slice(start, end)}${end < text.length ? '…' : ''}`,
    highlights: all
      .filter((h) => h.start >= start && h.end <= end)
      .map((h) => ({ start: h.start + shift, end: h.end + shift })),
  };
}
