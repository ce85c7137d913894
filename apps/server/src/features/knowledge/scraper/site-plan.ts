import { SCRAPE_MAX_PAGES } from '@hearth/contract';
import { ALLOW_ALL, UNREADABLE_ROBOTS, parseRobots, type RobotsRules } from './robots';
import { type FetchOptions, FetchFailure, fetchText } from './page-fetcher';
import { parseSitemap } from './sitemap';

/** Most sitemap files read per scrape (robots.txt Sitemap: lines and one level of sitemap indexes together). */
const MAX_SITEMAP_FILES = 10;
/** Candidate pages gathered from sitemaps: room for pages that turn out to be skipped. */
const MAX_CANDIDATES = SCRAPE_MAX_PAGES * 3;

/** A page address without its fragment (the same page for a fetch). */
export const pageKey = (url: URL) => {
  const copy = new URL(url);
  copy.hash = '';
  return copy.href;
};

/** robots.txt of an origin, read through the guard. Missing (4xx) allows all; unreadable (5xx, down) allows none. */
export async function loadRobots(origin: string, options: FetchOptions): Promise<RobotsRules> {
  try {
    const fetched = await fetchText(`${origin}/robots.txt`, 'robots', options);
    return parseRobots(fetched.data.toString('utf8'));
  } catch (error) {
    if (!(error instanceof FetchFailure)) throw error;
    if (error.kind === 'status' && (error.status ?? 0) < 500) return ALLOW_ALL;
    if (error.kind === 'type' || error.kind === 'too_large') return ALLOW_ALL;
    return UNREADABLE_ROBOTS;
  }
}

/**
 * Page URLs of the start page's origin listed in its sitemaps: the Sitemap: lines of robots.txt (same origin),
 * else /sitemap.xml; sitemap indexes are followed one level deep. Unreadable sitemaps are passed over.
 */
export async function sitemapPages(start: URL, robots: RobotsRules, options: FetchOptions): Promise<URL[]> {
  const sameOrigin = (raw: string): URL | null => {
    try {
      const url = new URL(raw, start);
      return url.origin === start.origin ? url : null;
    } catch {
      return null;
    }
  };
  const roots = robots.sitemaps.map(sameOrigin).filter((url): url is URL => url !== null);
  if (roots.length === 0) roots.push(new URL('/sitemap.xml', start.origin));
  const pages = new Map<string, URL>();
  const queue = roots.map((url) => ({ url, depth: 0 }));
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < MAX_SITEMAP_FILES && pages.size < MAX_CANDIDATES) {
    const next = queue.shift();
    if (!next || seen.has(pageKey(next.url))) continue;
    seen.add(pageKey(next.url));
    let xml: string;
    try {
      xml = (await fetchText(next.url, 'sitemap', options)).data.toString('utf8');
    } catch (error) {
      if (error instanceof FetchFailure) continue;
      throw error;
    }
    const parsed = parseSitemap(xml, MAX_CANDIDATES * 2);
    for (const location of parsed.locations) {
      const url = sameOrigin(location);
      if (!url) continue;
      if (parsed.kind === 'index') {
        if (next.depth === 0) queue.push({ url, depth: 1 });
      } else if (pages.size < MAX_CANDIDATES) {
        pages.set(pageKey(url), url);
      }
    }
  }
  return [...pages.values()];
}
