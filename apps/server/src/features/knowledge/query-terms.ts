/** Query parsing and snippet highlighting for lexical search; no search syntax ever reaches the index. */
import { STOPWORDS, eachWord, wordTerms } from './lexical/analyzer';

const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercased, de-duplicated content words of a query (letters and digits only, stopwords dropped). */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const match of query.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (!STOPWORDS.has(word)) terms.add(word);
  }
  return [...terms].slice(0, 64);
}

const SUFFIXES = ['ational', 'ation', 'ness', 'ment', 'ing', 'ies', 'ied', 'ed', 'es', 'ly', 'er', 's', 'e', 'y'];

/** A light suffix stripper, close enough to Porter to decide which words of a snippet to highlight. */
export function roughStem(word: string): string {
  const stem = word.toLowerCase();
  for (const suffix of SUFFIXES) {
    if (stem.length - suffix.length >= 3 && stem.endsWith(suffix)) return stem.slice(0, -suffix.length);
  }
  return stem;
}

/** Decides whether a word of a text matches one of `terms` (by rough stem); one per search, remembering words. */
export interface TermMatcher {
  (word: string): boolean;
  /**
   * Whether `text.slice(start, end)`, a word of a text without a capital dotted I, matches: the words the
   * two-character test rules out are never sliced out of the text.
   */
  within(text: string, start: number, end: number): boolean;
}

const MATCHER_MEMORY = 20_000;

/**
 * Whether a word can match any of `keys` (lowercased stems or index terms), judged by its first two characters: a
 * rough stem is a prefix of the lowercased word, and a Porter stem keeps the word's first two characters too, but
 * for a second y that becomes i ("ays" → "ai", "eyed" → "ei") and stems of one character ("ueds" → "u"; checked over
 * the 117,000 words of SciFact, the DBPedia subset and generated short words). A cheap test that spares most words
 * of a text the full one. Only words whose first two characters are ASCII are judged: others, one-character words,
 * words with a second y and words with a capital dotted I (it lowercases to two characters and splits the word in
 * two) are always tested.
 */
function prefixTest(keys: Iterable<string>): (text: string, start: number, end: number) => boolean {
  // pairs[first * 128 + second] is 1 when a key starts with those characters; a one-character key opens its row.
  const pairs = new Uint8Array(128 * 128);
  for (const key of keys) {
    const first = key.charCodeAt(0);
    const second = key.charCodeAt(1);
    if (first >= 128) continue;
    if (key.length === 1) pairs.fill(1, first * 128, first * 128 + 128);
    else if (second < 128) pairs[first * 128 + second] = 1;
  }
  // Word characters in ASCII are letters and digits: `| 0x20` lowercases the letters and keeps the digits.
  return (text, start, end) => {
    const first = text.charCodeAt(start);
    const second = end - start > 1 ? text.charCodeAt(start + 1) : Number.NaN;
    if (first >= 128 || !(second < 128) || (second | 0x20) === 0x79) return true;
    return pairs[(first | 0x20) * 128 + (second | 0x20)] === 1;
  };
}

export function termMatcher(terms: string[]): TermMatcher {
  const stems = new Set(terms.map(roughStem));
  return matcher(stems, (word) => stems.has(roughStem(word)));
}

/**
 * Matches what `termMatcher(words)` matches and, besides, words whose index term (lexical/analyzer.ts) is one of
 * `indexTerms`: for results found through feedback terms, so their snippets show the words they were found by.
 */
export function indexTermMatcher(words: string[], indexTerms: Iterable<string>): TermMatcher {
  const stems = new Set(words.map(roughStem));
  const terms = new Set(indexTerms);
  return matcher(
    [...stems, ...terms],
    (word) => stems.has(roughStem(word)) || wordTerms(word).some((term) => terms.has(term)),
  );
}

/**
 * A matcher by `test` for `keys` (the stems and index terms it looks for): words the two-character test rules
 * out are never tested; the others' answers are remembered (up to MATCHER_MEMORY words), so a word seen once is
 * not tested again.
 */
function matcher(keys: Iterable<string>, test: (word: string) => boolean): TermMatcher {
  const possible = prefixTest(keys);
  const seen = new Map<string, boolean>();
  const remembered = (word: string) => {
    let hit = seen.get(word);
    if (hit === undefined) {
      hit = test(word);
      if (seen.size < MATCHER_MEMORY) seen.set(word, hit);
    }
    return hit;
  };
  const matches = (word: string) => (possible(word, 0, word.length) || word.includes('\u0130')) && remembered(word);
  matches.within = (text: string, start: number, end: number) =>
    possible(text, start, end) && remembered(text.slice(start, end));
  return matches;
}

export interface Highlight {
  start: number;
  end: number;
}

export interface Snippet {
  text: string;
  highlights: Highlight[];
}

/** Whitespace a snippet collapses: any but a single space (testing first spares most windows the replace). */
const ODD_SPACE = /[^\S ]| {2}/;

/**
 * The window of `text` around its first matching word, with offsets of every matching word in it. Pass one
 * `termMatcher` for all the snippets of a search: words seen once are not stemmed again.
 */
export function makeSnippet(text: string, terms: string[] | TermMatcher, windowChars = 280): Snippet {
  const matcher = typeof terms === 'function' ? terms : termMatcher(terms);
  // A capital dotted I lowercases to two characters: such a text's words are each tested whole.
  const matches = text.includes('\u0130')
    ? (within: string, from: number, to: number) => matcher(within.slice(from, to))
    : matcher.within;
  let first = 0;
  eachWord(text, (start, end) => {
    if (!matches(text, start, end)) return false;
    first = start;
    return true;
  });
  let start = Math.max(0, first - Math.floor(windowChars / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + windowChars);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start + windowChars / 2 ? space : end;
  }
  const prefix = start > 0 ? '… ' : '';
  const suffix = end < text.length ? ' …' : '';
  const window = text.slice(start, end);
  const body = ODD_SPACE.test(window) ? window.replace(/\s+/g, ' ') : window;
  // Offsets are recomputed on the whitespace-collapsed body so they stay exact.
  const highlights: Highlight[] = [];
  eachWord(body, (from, to) => {
    if (matches(body, from, to)) highlights.push({ start: prefix.length + from, end: prefix.length + to });
    return false;
  });
  return { text: `${prefix}${body}${suffix}`, highlights };
}
