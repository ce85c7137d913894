/** Where a cited passage is in a document's text: [start, end) character offsets. */
export interface PassageRange {
  start: number;
  end: number;
}

/** Words compared per probe: long enough to be unique in a document, short enough to survive small differences. */
const PROBE_WORDS = 8;
const MAX_WORDS = 400;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (words: string[]) => new RegExp(words.map(escape).join('\\s+'), 'u');

/** The first snippet of a source, without the '… ' and ' …' that mark where it was cut from its chunk. */
export function firstSnippet(snippet: string): string {
  const first = snippet.split('\n…\n')[0] ?? '';
  return first.replace(/^…\s*/u, '').replace(/\s*…$/u, '').trim();
}

/**
 * Finds a passage (a snippet or chunk of this text, possibly with different whitespace) in a document's text.
 * Tries the whole passage, then its first and last words; null when it is not there.
 */
export function locatePassage(content: string, passage: string): PassageRange | null {
  const words = (passage.match(/\S+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0 || !content) return null;
  const whole = pattern(words).exec(content);
  if (whole) return { start: whole.index, end: whole.index + whole[0].length };
  const head = pattern(words.slice(0, PROBE_WORDS)).exec(content);
  if (!head) {
    // The start may differ (an overlap or a heading): anchor on the end instead.
    const tail = pattern(words.slice(-PROBE_WORDS)).exec(content);
    return tail ? { start: tail.index, end: tail.index + tail[0].length } : null;
  }
  const start = head.index;
  const tailRegex = new RegExp(pattern(words.slice(-PROBE_WORDS)).source, 'gu');
  tailRegex.lastIndex = start;
  const tail = tailRegex.exec(content);
  const end = tail && tail.index - start < passage.length * 2 ? tail.index + tail[0].length : start + head[0].length;
  return { start, end };
}
