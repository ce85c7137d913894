import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

import { ExtractionError } from '../extract-text';
import { domToMarkdown, htmlToMarkdown, markdownSections } from '../markdown';
import { decodeText } from '../sniff';
import type { Extractor } from '../types';
import { scanMarkup } from './html-scan';

/** Deeper than any real page; the DOM parser and Readability slow down badly (synchronously) on such input. */
const MAX_DEPTH = 1_000;
/**
 * More DOM nodes than a real document has; the DOM parser spends microseconds per node (seconds per million),
 * and hostile HTML makes one node out of every few bytes.
 */
const MAX_NODES = 500_000;

/**
 * Above this size Readability is skipped and the whole body converted: it costs seconds per megabyte (and a
 * second DOM), while large HTML files are exported documents rather than pages with navigation to strip.
 */
const READABILITY_MAX_CHARS = 1_500_000;
/** Likewise in nodes: Readability walks the tree several times, and hostile markup packs many into few bytes. */
const READABILITY_MAX_NODES = 100_000;

/** HTML: the main text through Readability, as markdown; the whole body when Readability finds no article. */
export const extractHtml: Extractor = (data, { extension }) => {
  const html = decodeText(data, extension);
  const scan = scanMarkup(html);
  if (scan.depth > MAX_DEPTH) throw new ExtractionError('The HTML is nested too deeply to read.');
  if (scan.nodes > MAX_NODES) throw new ExtractionError('The HTML has too many elements to read.');
  try {
    let source = html;
    let { document } = parseHTML(source);
    // linkedom makes a fragment's first element (or nothing) the document element, and Readability then throws
    // or finds nothing: read it inside a page instead.
    if (document.documentElement?.nodeName !== 'HTML') {
      source = `<!doctype html><html><body>${html}</body></html>`;
      ({ document } = parseHTML(source));
    }
    const title = document.querySelector('title')?.textContent?.trim() ?? '';
    // Readability mutates the document it reads, so it gets its own copy.
    const article =
      html.length <= READABILITY_MAX_CHARS && scan.nodes <= READABILITY_MAX_NODES
        ? new Readability(parseHTML(source).document as unknown as ConstructorParameters<typeof Readability>[0]).parse()
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
