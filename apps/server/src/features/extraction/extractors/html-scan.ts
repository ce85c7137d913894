/**
 * A linear pre-scan of HTML, before any DOM exists: how deep the elements nest and how many nodes a parser
 * will build. A hand-written loop, because the regex it replaces (/<(\/?)([a-z][\w-]*)[^>]*?(\/?)>/) restarted
 * its search for '>' at every '<': 600 KB of "<a" took 37 s. Each character is visited a bounded number of times.
 */

/** Elements that never hold others (and p/li, which close themselves when the next one opens). */
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

export interface MarkupScan {
  /** Deepest nesting of non-void elements, counting opening and closing tags as written. */
  depth: number;
  /** About the number of DOM nodes: opening tags, comments and declarations, stray '<' and entity references. */
  nodes: number;
}

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isNameChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
const SLASH = 47;

function countOf(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

export function scanMarkup(html: string): MarkupScan {
  let depth = 0;
  let deepest = 0;
  // Every entity reference ends the text node before it: the parser makes a node for each.
  let nodes = countOf(html, '&');
  let at = html.indexOf('<');
  while (at >= 0) {
    if (html.startsWith('<!--', at)) {
      nodes += 1;
      const end = html.indexOf('-->', at + 4);
      if (end < 0) break; // the rest of the document is one comment
      at = html.indexOf('<', end + 3);
      continue;
    }
    const closing = html.charCodeAt(at + 1) === SLASH;
    const nameStart = at + (closing ? 2 : 1);
    if (!closing) nodes += 1; // an element, a declaration, or a '<' read as text
    if (!isLetter(html.charCodeAt(nameStart))) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let nameEnd = nameStart + 1;
    while (isNameChar(html.charCodeAt(nameEnd))) nameEnd += 1;
    const end = html.indexOf('>', nameEnd);
    if (end < 0) break; // no tag is complete from here on
    const selfClosing = end > nameEnd && html.charCodeAt(end - 1) === SLASH;
    if (!selfClosing && !VOID.has(html.slice(nameStart, nameEnd).toLowerCase())) {
      depth = closing ? Math.max(0, depth - 1) : depth + 1;
      deepest = Math.max(deepest, depth);
    }
    at = html.indexOf('<', end + 1);
  }
  return { depth: deepest, nodes };
}
