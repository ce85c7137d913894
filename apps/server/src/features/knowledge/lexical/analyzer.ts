import { stemmer } from 'stemmer';

/**
 * The one analyzer of the lexical index, run in TypeScript so SQLite and PostgreSQL index and query exactly the
 * same terms: Unicode words (letters and digits), lowercased, English stopwords dropped, Porter-stemmed.
 */

/** A standard English stopword list (the NLTK/Lucene union, lowercased). */
export const STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few
for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my
myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd she'll
she's should shouldn't so some such than that that's the their theirs them themselves then there there's these
they they'd they'll they're they've this those through to too under until up very was wasn't we we'd we'll we're
we've were weren't what what's when when's where where's which while who who's whom why why's will with won't
would wouldn't you you'd you'll you're you've your yours yourself yourselves s t just don should now`.split(/\s+/),
);

/** Longer runs are hashes, base64 or hostile padding, never words anyone searches for; they stay out of the index. */
const MAX_TERM_CHARS = 40;

/** Index terms of a text, in order (repeats kept). */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  const lower = text.toLowerCase();
  eachWord(lower, (start, end) => {
    const term = termOfWord(lower.slice(start, end));
    if (term !== null) terms.push(term);
    return false;
  });
  return terms;
}

/** A letter or digit beyond ASCII. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * Calls `visit(start, end)` for each word of `text` (each run of Unicode letters and digits, what
 * /[\p{L}\p{N}]+/gu matches), until it returns true. Snippets scan hundreds of chunks a search: a loop over character codes does it without a match
 * object per word (measured at twice the speed of `matchAll` on SciFact abstracts).
 */
export function eachWord(text: string, visit: (start: number, end: number) => boolean | undefined): void {
  let start = -1;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    let width = 1;
    let inWord: boolean;
    if (code < 128) {
      const lower = code | 0x20;
      inWord = (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122);
    } else {
      const point = text.codePointAt(i) as number;
      width = point > 0xffff ? 2 : 1;
      inWord = WORD_CHARACTER.test(String.fromCodePoint(point));
    }
    if (inWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (visit(start, i)) return;
      start = -1;
    }
    i += width;
  }
  if (start >= 0) visit(start, text.length);
}

/** `analyze` of one word of a text (an `eachWord` run): an ASCII word is one run however it is cased, so no scan. */
export function wordTerms(word: string): string[] {
  if (!ASCII_WORD.test(word)) return analyze(word);
  const term = termOfWord(word.toLowerCase());
  return term === null ? [] : [term];
}

const ASCII_WORD = /^[a-z0-9]+$/i;

/** The index term of one lowercased word (a run of letters and digits); null for a stopword or a run too long. */
function termOfWord(word: string): string | null {
  return word.length > MAX_TERM_CHARS || STOPWORDS.has(word) ? null : stem(word);
}

/**
 * Stems of words seen lately: stemming is most of the analyzer's time (0.44 of 0.56 µs a word on SciFact), and
 * words repeat (Zipf), so a remembered stem costs a third. Emptied when full, so memory stays bounded.
 */
const STEMS = new Map<string, string>();
const STEM_MEMORY = 50_000;

/** The Porter stem of one lowercased word; words with digits or non-ASCII letters are kept as they are. */
function stem(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    stemmed = /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (STEMS.size >= STEM_MEMORY) STEMS.clear();
    STEMS.set(word, stemmed);
  }
  return stemmed;
}

export interface TermCounts {
  /** Term → occurrences in the text. */
  tf: Map<string, number>;
  /** Number of index terms (BM25's document length). */
  length: number;
}

export function termCounts(text: string): TermCounts {
  const tf = new Map<string, number>();
  const terms = analyze(text);
  for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
  return { tf, length: terms.length };
}

/**
 * What a chunk is indexed under: its heading path (the document's title and the sections it sits in) and its
 * text, so a passage is found by what its document and section are about, not only by its own words (contextual
 * chunk headers; SciFact nDCG@10 0.679 -> 0.690, DBPedia-Entity 0.374 -> 0.396). Indexing and removal both
 * analyse exactly this.
 */
export const chunkTermCounts = (text: string, headingPath: string | null): TermCounts =>
  termCounts(headingPath ? `${headingPath}\n\n${text}` : text);

/** The distinct index terms of query words, in order. */
export const analyzeWords = (words: string[]): string[] => [...new Set(words.flatMap(analyze))];

/** The distinct index terms of a query, at most 64 (a pasted page is not a query). */
export const queryIndexTerms = (query: string): string[] => [...new Set(analyze(query))].slice(0, 64);
