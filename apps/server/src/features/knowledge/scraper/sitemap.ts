/** Sitemaps (sitemaps.org): a <urlset> of page <loc>s, or a <sitemapindex> of further sitemaps. */
export interface ParsedSitemap {
  kind: 'urlset' | 'index';
  locations: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const codePoint = (n: number) => (Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');

function decodeXmlText(text: string): string {
  return text
    .replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_match, entity: string) => {
      if (/^#x/i.test(entity)) return codePoint(Number.parseInt(entity.slice(2), 16));
      if (entity.startsWith('#')) return codePoint(Number(entity.slice(1)));
      return ENTITIES[entity.toLowerCase()] ?? '';
    })
    .trim();
}

/** Reads at most `max` locations; anything that is not a sitemap gives none. */
export function parseSitemap(xml: string, max: number): ParsedSitemap {
  const kind = /<(?:[\w-]+:)?sitemapindex[\s>]/i.test(xml) ? 'index' : 'urlset';
  const locations: string[] = [];
  const pattern = /<(?:[\w-]+:)?loc>([\s\S]*?)<\/(?:[\w-]+:)?loc>/gi;
  for (const match of xml.matchAll(pattern)) {
    if (locations.length >= max) break;
    const location = decodeXmlText(match[1] ?? '');
    if (location) locations.push(location);
  }
  return { kind, locations };
}
