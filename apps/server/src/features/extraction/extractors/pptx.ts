/** PowerPoint: one section per slide, page = slide number, one line per paragraph (notes left out). */
import { isZip, mismatch } from '../sniff';
import { type Extractor, section } from '../types';
import { createXmlReader, malformed } from '../xml-text';
import { bomb, openZip, type SafeZip } from '../zip';

/** Far deeper than slides nest (groups of groups); deeper is broken (a run of unclosed tags). */
const MAX_DEPTH = 1_000;
/**
 * Most slide markup a deck may declare, all slides together: a slide's XML is tens of kilobytes (pictures are
 * separate parts), so even a thousand-slide deck stays far below; more is a bomb of paragraphs.
 */
const MAX_SLIDE_MARKUP_BYTES = 64 * 1024 * 1024;

const slideNumber = (name: string) => Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? NaN);

/** A slide's paragraphs (<a:p>, runs of <a:t> joined), streamed as the part inflates; stops past `budget` chars. */
function slideParagraphs(zip: SafeZip, name: string, budget: number): string[] {
  const paragraphs: string[] = [];
  let depth = 0;
  let inText = false;
  let current = '';
  let chars = 0;
  const reader = createXmlReader(
    {
      open(tag) {
        if (tag === 'a:p' && depth++ === 0) current = '';
        else if (tag === 'a:t') inText = depth > 0;
      },
      text(text) {
        if (!inText) return;
        current += text;
        if (chars + current.length > budget) reader.stop();
      },
      close(tag) {
        if (tag === 'a:t') inText = false;
        else if (tag === 'a:p' && depth > 0 && --depth === 0) {
          if (current.trim()) paragraphs.push(current);
          chars += current.length + 1;
          if (chars > budget) reader.stop();
        }
      },
    },
    { maxDepth: MAX_DEPTH },
  );
  zip.streamText(name, (text) => {
    reader.write(text);
    return !reader.stopped;
  });
  reader.end();
  if (reader.broken) throw malformed(reader, `The slide ${name}`);
  return paragraphs;
}

export const extractPptx: Extractor = async (data, { extension, limits }) => {
  if (!(await isZip(data))) throw mismatch(extension, 'a presentation is a zip archive');
  const zip = await openZip(data);
  if (!zip.entries.some((entry) => entry.name === 'ppt/presentation.xml'))
    throw mismatch(extension, 'no presentation inside');
  const slides = zip.entries
    .map((entry) => ({ name: entry.name, size: entry.size, number: slideNumber(entry.name) }))
    .filter((slide) => Number.isFinite(slide.number))
    .sort((a, b) => a.number - b.number);
  // Declared sizes bind: inflation stops at an entry's declared size.
  if (slides.reduce((total, slide) => total + slide.size, 0) > MAX_SLIDE_MARKUP_BYTES) throw bomb();
  const sections = [];
  let budget = limits.maxChars;
  for (const { name, number } of slides) {
    if (budget <= 0) break;
    const text = slideParagraphs(zip, name, budget).join('\n');
    budget -= text.length + 2;
    if (text) sections.push(section(text, number));
  }
  return { sections };
};
