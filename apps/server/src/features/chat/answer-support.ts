import type { AnswerSupport } from '@hearth/contract';

/**
 * The offline answer-support check: a statement counts as found in the sources when one cited passage holds
 * most of its content words (light stemming, so "accrued monthly" matches "accrues each month"), every number it
 * states and every name it mentions. Cheap and predictable; it cannot see paraphrase with other words, which is
 * why a model judges when one is at hand (answer-support-judge.ts).
 */

/** Share of a statement's content words one passage must hold. */
const MIN_OVERLAP = 0.6;
/** Sentences with fewer content words state nothing checkable ("Sure!", "Here is what I found:"). */
const MIN_CONTENT_WORDS = 3;

const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto over under about as is are was ' +
    'were be been being am do does did done have has had having it its this that these those there here which ' +
    'who whom whose what when where why how all any both each few more most other some such no nor not only own ' +
    'same so than too very can could will would shall should may might must also just i you he she we they me ' +
    'him her us them my your his our their mine yours ours theirs per via up down out off again further once ' +
    'according document documents source sources passage text says said states stated mentions mentioned based ' +
    'however therefore thus yes sure'
  ).split(' '),
);

/** A word that carries meaning (not a function word, not a single letter). */
export const isContentWord = (word: string): boolean => word.length > 1 && !STOPWORDS.has(word.toLowerCase());

/** Strips markdown and citation marks, then splits into sentences (and list items). */
export function splitStatements(answer: string): string[] {
  const text = answer
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[(\d+|source[^\]]*)\]/gi, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_#>]+/g, ' ');
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .map((line) =>
      line
        .replace(/^\s*(?:[-+•]|\d+[.)])\s+/, '')
        .replace(/[ \t]+/g, ' ')
        .replace(/ ([.,;:!?])/g, '$1')
        .trim(),
    )
    .filter((line) => line.length > 0);
}

/** A light suffix stemmer: enough to match inflections and -ly/-ed/-ing forms of the same word. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  for (const [suffix, keep] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['fulness', 'ful'],
    ['iveness', 'ive'],
    ['ments', ''],
    ['ment', ''],
    ['ingly', ''],
    ['edly', ''],
    ['ies', 'y'],
    ['ied', 'y'],
    ['ing', ''],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + keep;
      break;
    }
  }
  // "accru(e)", "month(ly)": a trailing e or doubled consonant left by the cut does not make another word.
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

export const WORD = /[\p{L}][\p{L}\p{M}'’-]*/gu;
const NUMBER = /\d+(?:[.,]\d+)*/g;

/** Numbers as written without thousands separators or trailing zeros ("1,000" = "1000", "2.50" = "2.5"). */
const normalNumber = (value: string): string => {
  const plain = value.replace(/,(?=\d{3}\b)/g, '');
  return plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain;
};

const contentWords = (text: string): string[] =>
  (text.match(WORD) ?? [])
    .map((word) => word.replace(/['’]s$/i, '').toLowerCase())
    .filter(isContentWord)
    .map(stem);

/** Capitalised words that do not start the sentence: names, places, products. */
const namesOf = (sentence: string): string[] => {
  const words = sentence.match(WORD) ?? [];
  return words
    .slice(1)
    .filter((word) => /^\p{Lu}/u.test(word) && !STOPWORDS.has(word.toLowerCase()))
    .map((word) => stem(word.replace(/['’]s$/i, '')));
};

interface Passage {
  words: Set<string>;
  numbers: Set<string>;
}

const passageOf = (text: string): Passage => ({
  words: new Set(contentWords(text)),
  numbers: new Set((text.match(NUMBER) ?? []).map(normalNumber)),
});

/** Whether one passage backs the statement up (see the module comment). */
function supportedBy(sentence: string, words: string[], passage: Passage): boolean {
  const numbers = (sentence.match(NUMBER) ?? []).map(normalNumber);
  if (numbers.some((number) => !passage.numbers.has(number))) return false;
  if (namesOf(sentence).some((name) => !passage.words.has(name))) return false;
  const unique = [...new Set(words)];
  const found = unique.filter((word) => passage.words.has(word)).length;
  return found / unique.length >= MIN_OVERLAP;
}

/** The statements worth checking: sentences with enough content words to state something. */
export const checkableStatements = (answer: string): string[] =>
  splitStatements(answer).filter((sentence) => new Set(contentWords(sentence)).size >= MIN_CONTENT_WORDS);

/** The offline check over the cited passages (the snippets the model was given). */
export function lexicalSupport(answer: string, passages: readonly string[]): AnswerSupport {
  const parsed = passages.map(passageOf);
  const statements = checkableStatements(answer);
  const unsupported = statements.filter((sentence) => {
    const words = contentWords(sentence);
    return !parsed.some((passage) => supportedBy(sentence, words, passage));
  });
  return {
    supported: statements.length - unsupported.length,
    total: statements.length,
    unsupported,
    method: 'lexical',
  };
}
