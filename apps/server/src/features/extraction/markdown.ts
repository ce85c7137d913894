/**
 * Markdown helpers shared by the md, docx and html extractors: HTML → markdown (headings and lists kept) and
 * markdown → sections with heading paths.
 */
import { parseHTML } from 'linkedom';

import type { ExtractedSection } from './extract-document';
import { section } from './types';

/** The slice of the DOM the converter reads (linkedom's nodes, without the browser DOM types). */
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'SVG', 'IFRAME']);
const TABLE_PARTS = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT']);
const BLOCK = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'NAV',
  'BLOCKQUOTE',
  'FIGURE',
  'FIGCAPTION',
  'DL',
  'DT',
  'DD',
  'FORM',
  'FIELDSET',
  'ADDRESS',
  'BODY',
]);

const children = (node: DomNode, depth: number) =>
  Array.from(node.childNodes, (child) => render(child, depth)).join('');

/** Markdown for one list: '-' or 'n.' markers; a nested list is indented by its parent item, two spaces a level. */
function renderList(list: DomNode, depth: number): string {
  const ordered = list.nodeName.toUpperCase() === 'OL';
  const items = Array.from(list.childNodes).filter((child) => child.nodeName.toUpperCase() === 'LI');
  const lines = items.map((item, index) => {
    const body = children(item, depth + 1)
      .trim()
      .replace(/\n{2,}/g, '\n')
      .replace(/\n/g, '\n  ');
    return `${ordered ? `${index + 1}.` : '-'} ${body}`;
  });
  return `\n\n${lines.join('\n')}\n\n`;
}

/**
 * HTML → markdown keeping headings, lists, paragraphs, code blocks and table rows. A single pass over the
 * DOM: turndown was tried and is quadratic (15 s for 2 MB of HTML, blocking the event loop).
 * Recursion depth follows the HTML's nesting, which the html extractor caps before parsing.
 */
function render(node: DomNode, depth: number): string {
  if (node.nodeType === 3) return (node.textContent ?? '').replace(/\s+/g, ' ');
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return '';
  const name = node.nodeName.toUpperCase();
  if (SKIP.has(name)) return '';
  const heading = /^H([1-6])$/.exec(name)?.[1];
  if (heading) return `\n\n${'#'.repeat(Number(heading))} ${children(node, depth).replace(/\s+/g, ' ').trim()}\n\n`;
  if (name === 'BR') return '\n';
  if (name === 'HR') return '\n\n---\n\n';
  if (name === 'PRE') return `\n\n\`\`\`\n${(node.textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`;
  if (name === 'UL' || name === 'OL') return renderList(node, depth);
  if (name === 'LI') return `\n- ${children(node, depth).trim()}\n`;
  if (name === 'TR')
    return `${Array.from(node.childNodes, (cell) => render(cell, depth).trim())
      .filter(Boolean)
      .join(' | ')}\n`;
  // Table containers: rows only, so whitespace between rows does not leak into the next line.
  if (TABLE_PARTS.has(name)) {
    const rows = Array.from(node.childNodes).filter((child) => child.nodeType === 1);
    return `\n\n${rows.map((row) => render(row, depth)).join('')}\n\n`;
  }
  if (BLOCK.has(name)) return `\n\n${children(node, depth)}\n\n`;
  return children(node, depth);
}

/** Markdown of an already parsed DOM node (a linkedom document's body, say). */
export function domToMarkdown(root: unknown): string {
  return render(root as DomNode, 0)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function htmlToMarkdown(html: string): string {
  return domToMarkdown(parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body);
}

const FENCE = /^(```|~~~)/;
const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * An ATX heading's level and raw title, as /^(#{1,6})[ \t]+(.+?)[ \t#]*$/ reads it, by hand: that regex
 * backtracks quadratically on a long run of spaces or '#' inside the line.
 */
export function atxHeading(line: string): { level: number; title: string } | null {
  let level = 0;
  while (line[level] === '#') level += 1;
  if (level < 1 || level > 6) return null;
  let start = level;
  while (isBlank(line[start])) start += 1;
  if (start === level) return null;
  // The title takes at least one character: a blank given back by the run above when nothing follows it.
  if (start === line.length) return start - level >= 2 ? { level, title: line.slice(-1) } : null;
  let end = line.length;
  while (end > start + 1 && (isBlank(line[end - 1]) || line[end - 1] === '#')) end -= 1;
  return { level, title: line.slice(start, end) };
}

/** One section per heading; text before the first heading has an empty heading path. */
export function markdownSections(markdown: string): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  const path: { level: number; title: string }[] = [];
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text)
      sections.push(
        section(
          text,
          null,
          path.map((heading) => heading.title),
        ),
      );
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line.trim())) inFence = !inFence;
    const heading = inFence ? null : atxHeading(line);
    if (heading) {
      flush();
      const { level } = heading;
      while (path.length && (path.at(-1)?.level ?? 0) >= level) path.pop();
      path.push({ level, title: heading.title.replace(/\\(.)/g, '$1').trim() });
    }
    lines.push(line);
  }
  flush();
  return sections;
}
