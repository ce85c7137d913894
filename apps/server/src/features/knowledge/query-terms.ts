/** Query parsing and snippet highlighting for lexical search; no search syntax ever reaches the index. */

/** A standard English stopword list (the NLTK/Lucene union, lowercased). */
const STOPWORDS = new Set(
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

/** FTS5 MATCH text: every term quoted, OR-ed (BM25 then ranks by how many and how rare). */
export const fts5Query = (terms: string[]) => terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');

/** PostgreSQL to_tsquery text: the terms contain only letters and digits, so this is safe. */
export const tsQuery = (terms: string[]) => terms.join(' | ');

/** A light suffix stripper, close enough to Porter to decide which words of a snippet to highlight. */
export function roughStem(word: string): string {
  let stem = word.toLowerCase();
  for (const suffix of [
    'ational',
    'ation',
    'ness',
    'ment',
    'ing',
    'ies',
    'ied',
    'ed',
    'es',
    'ly',
    'er',
    's',
    'e',
    'y',
  ]) {
    if (stem.length - suffix.length >= 3 && stem.endsWith(suffix)) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem;
}

export interface Highlight {
  start: number;
  end: number;
}

export interface Snippet {
  text: string;
  highlights: Highlight[];
}

/** The window of `text` around its first matching word, with offsets of every matching word in it. */
export function makeSnippet(text: string, terms: string[], windowChars = 280): Snippet {
  const stems = new Set(terms.map(roughStem));
  const words = [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: m[0] }));
  const matches = words.filter((w) => stems.has(roughStem(w.word)));
  const first = matches[0]?.start ?? 0;
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
  const body = text.slice(start, end).replace(/\s+/g, ' ');
  // Offsets are recomputed on the whitespace-collapsed body so they stay exact.
  const highlights: Highlight[] = [];
  for (const m of body.matchAll(WORD)) {
    if (stems.has(roughStem(m[0])))
      highlights.push({ start: prefix.length + m.index, end: prefix.length + m.index + m[0].length });
  }
  return { text: `${prefix}${body}${suffix}`, highlights };
}
