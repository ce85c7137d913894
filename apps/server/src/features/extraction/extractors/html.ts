import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

import { ExtractionError } from '../extract-text';
import { domToMarkdown, htmlToMarkdown, markdownSections } from '../markdown';
import { decodeText } from '../sniff';
import type { Extractor } from '../types';

/** Deeper than any real page; the DOM parser and Readability slow down badly (synchronously) on such input. */
const MAX_DEPTH = 1_000;
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
]);

/** Nesting depth from a linear tag scan (no DOM), so hostile nesting is refused before it is parsed. */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const name = (match[2] ?? '').toLowerCase();
    if (VOID.has(name) || match[3]) continue;
    depth = match[1] ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * Above this size Readability is skipped and the whole body converted: it costs seconds per megabyte (and a
 * second DOM), while large HTML files are exported documents rather than pages with navigation to strip.
 */
const READABILITY_MAX_CHARS = 1_500_000;

/** HTML: the main text through Readability, as markdown; the whole body when Readability finds no article. */
export const extractHtml: Extractor = (data, { extension }) => {
  const html = decodeText(data, extension);
  if (nestingDepth(html) > MAX_DEPTH) throw new ExtractionError('The HTML is nested too deeply to read.');
  try {
    const { document } = parseHTML(html);
    const title = document.querySelector('title')?.textContent?.trim() ?? '';
    // Readability mutates the document it reads, so it gets its own copy.
    const article =
      html.length <= READABILITY_MAX_CHARS
        ? new Readability(parseHTML(html).document as unknown as ConstructorParameters<typeof Readability>[0]).parse()
        : null;
    let markdown = article?.content ? htmlToMarkdown(article.content) : domToMarkdown(document.body);
    const heading = article?.title?.trim() || title;
    if (heading && !markdown.trimStart().startsWith('#')) markdown = `# ${heading}\n\n${markdown}`;
    return { sections: markdownSections(markdown) };
  } catch (error) {
    if (error instanceof RangeError) throw new ExtractionError('The HTML is nested too deeply to read.');
    throw error;
  }
};
