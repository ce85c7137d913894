/** Regex-based XML helpers: no recursion, so deeply nested input cannot overflow the stack. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text nodes of an XML document, one element's text per line. */
export function xmlTextNodes(xml: string): string {
  const withoutNoise = xml
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\?[\s\S]*?\?>/g, ' ')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, ' ');
  const parts: string[] = [];
  // CDATA is kept verbatim; everything between tags is a text node.
  for (const match of withoutNoise.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>|>([^<]+)</g)) {
    const text = match[1] ?? decodeEntities(match[2] ?? '');
    if (text.trim()) parts.push(text.trim());
  }
  if (!parts.length && !withoutNoise.includes('<')) return withoutNoise.trim();
  return parts.join('\n');
}

/** Attribute value of the first match of `name="..."` inside a tag. */
export const attribute = (tag: string, name: string) =>
  decodeEntities(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '');
