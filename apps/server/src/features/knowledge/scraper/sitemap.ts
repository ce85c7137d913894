/**
 * Sitemaps (sitemaps.org): a <urlset> of page <loc>s, or a <sitemapindex> of further sitemaps. Any website can
 * serve one, so it is read by the streaming XML parser (one pass, entities never expanded) and reading stops
 * after `max` locations or SITEMAP_MAX_CHARS characters, whichever comes first.
 */
import { createXmlReader, localName } from '../../extraction';

export interface ParsedSitemap {
  kind: 'urlset' | 'index';
  locations: string[];
}

/** Characters of a sitemap read at most (the fetcher caps its bytes too); sitemaps.org allows 50 MB. */
const SITEMAP_MAX_CHARS = 5 * 1024 * 1024;
/** Longest location kept; sitemaps.org allows 2,048 characters. */
const MAX_LOCATION_CHARS = 4_096;
/** A sitemap nests three deep; a run of unclosed tags ends the reading long before it piles up. */
const MAX_DEPTH = 64;

/** Reads at most `max` locations; anything that is not a sitemap gives none (malformed ones what was read). */
export function parseSitemap(xml: string, max: number): ParsedSitemap {
  let kind: ParsedSitemap['kind'] = 'urlset';
  const locations: string[] = [];
  let location: string | null = null;
  const reader = createXmlReader(
    {
      open(name) {
        const local = localName(name).toLowerCase();
        if (local === 'sitemapindex') kind = 'index';
        else if (local === 'loc') location = '';
      },
      text(text) {
        if (location === null) return;
        location += text;
        // Too long to be an address: dropped, and its text no longer gathered.
        if (location.length > MAX_LOCATION_CHARS) location = null;
      },
      close(name) {
        if (localName(name).toLowerCase() !== 'loc' || location === null) return;
        const trimmed = location.trim();
        location = null;
        if (trimmed) locations.push(trimmed);
        if (locations.length >= max) reader.stop();
      },
    },
    { maxDepth: MAX_DEPTH },
  );
  if (max > 0) reader.write(xml.slice(0, SITEMAP_MAX_CHARS));
  reader.end();
  return { kind, locations };
}
