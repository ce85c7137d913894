import type { ExtractedSection } from '../extraction';

export interface Chunk {
  text: string;
  page: number | null;
  headingPath: string | null;
}

export interface ChunkOptions {
  /** Aim for chunks of about this many characters. */
  targetChars: number;
  /** Never more than this (a single unbreakable run is hard-split). */
  maxChars: number;
  /** Characters of the previous chunk carried into the next (~15%). */
  overlapChars: number;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { targetChars: 1200, maxChars: 1500, overlapChars: 180 };

const HEADING = /^#{1,6}\s+(.+)$/;
/** A first line longer than this is a sentence, not a title. */
const MAX_TITLE_CHARS = 200;

/**
 * A plain document's title: its first paragraph when that is one short line followed by more text, as SciFact's
 * or a note's first line is (a Markdown document says `# Title`, which the heading path already carries). It
 * heads every chunk's heading path, so a passage from the middle of a document still shows, and is found by,
 * what the document is about.
 */
export function documentTitle(sections: ExtractedSection[]): string | null {
  const first = sections[0];
  if (!first || first.headingPath.length > 0) return null;
  const text = first.text.trim();
  const end = text.search(/\n\s*\n/);
  if (end < 0) return null;
  const line = text.slice(0, end).trim();
  if (!line || line.includes('\n') || line.length > MAX_TITLE_CHARS || HEADING.test(line)) return null;
  return line;
}

/** Paragraphs, then sentences, then hard cuts: the largest pieces that fit `maxChars`. */
function pieces(text: string, maxChars: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n{2,}/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    if (trimmed.length <= maxChars) {
      out.push(trimmed);
      continue;
    }
    for (const sentence of trimmed.split(/(?<=[.!?])\s+/)) {
      for (let start = 0; start < sentence.length; start += maxChars) out.push(sentence.slice(start, start + maxChars));
    }
  }
  return out;
}

/** The tail of a chunk to repeat at the start of the next, cut at a word boundary. */
function overlapOf(text: string, overlapChars: number): string {
  if (overlapChars <= 0 || text.length <= overlapChars) return '';
  const tail = text.slice(-overlapChars);
  const space = tail.indexOf(' ');
  return space >= 0 ? tail.slice(space + 1) : tail;
}

/**
 * Structure-aware chunking: sections (pages, headings) never share a chunk; inside a section, paragraphs
 * and sentences are packed up to the target size, with a small overlap so a passage cut in two is still found.
 * Markdown headings inside a section extend its heading path.
 */
export function chunkSections(
  sections: ExtractedSection[],
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
  title: string | null = documentTitle(sections),
): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const base = title ? [title, ...section.headingPath] : section.headingPath;
    let headings = [...base];
    let current = '';
    const flush = () => {
      if (!current.trim()) return;
      chunks.push({
        text: current.trim(),
        page: section.page,
        headingPath: headings.length ? headings.join(' > ') : null,
      });
    };
    for (const piece of pieces(section.text, options.maxChars)) {
      const heading = HEADING.exec(piece.split('\n', 1)[0] ?? '');
      if (heading?.[1]) {
        flush();
        current = '';
        const level = piece.match(/^#+/)?.[0].length ?? 1;
        headings = [...base, ...headings.slice(base.length, base.length + level - 1), heading[1].trim()];
      }
      if (current && current.length + piece.length + 2 > options.targetChars) {
        flush();
        const overlap = overlapOf(current, options.overlapChars);
        current = overlap && overlap.length + piece.length + 2 <= options.maxChars ? overlap : '';
      }
      current = current ? `${current}\n\n${piece}` : piece;
    }
    flush();
  }
  return chunks;
}

/** Sections chunked per turn of the event loop by `chunkSectionsYielding`. */
const SECTIONS_PER_TURN = 200;

/**
 * The same chunks as `chunkSections` (sections never share a chunk, so chunking them in groups changes nothing),
 * with a turn of the event loop between groups: a million-row CSV is thousands of sections, and the server keeps
 * answering while they are cut.
 */
export async function chunkSectionsYielding(
  sections: ExtractedSection[],
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  const title = documentTitle(sections);
  for (let start = 0; start < sections.length; start += SECTIONS_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    chunks.push(...chunkSections(sections.slice(start, start + SECTIONS_PER_TURN), options, title));
  }
  return chunks;
}
