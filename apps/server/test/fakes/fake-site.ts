import type { ServerResponse } from 'node:http';
import { type FakeServer, sleep, startFakeServer } from './fake-http';

/** One resource of the fake web site. */
export interface SitePage {
  body: string | Buffer;
  /** Content-Type header; text/html by default. */
  type?: string;
  status?: number;
  /** A redirect: answered with `status` (302 by default) and this Location. */
  location?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export interface FakeSite extends FakeServer {
  /** Path (with query) → resource; editable between requests. Unknown paths answer 404. */
  pages: Map<string, SitePage>;
  /** Paths requested so far, in order. */
  paths(): string[];
}

export const htmlPage = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

/** A loopback web site for the scraper: pages, robots.txt, sitemaps, redirects, slow and huge answers. */
export async function startFakeSite(pages: Record<string, SitePage> = {}): Promise<FakeSite> {
  const map = new Map(Object.entries(pages));
  const server = await startFakeServer(async (request, response: ServerResponse) => {
    const page = map.get(request.path);
    if (!page) return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (page.delayMs) await sleep(page.delayMs);
    if (response.destroyed) return;
    if (page.location) return response.writeHead(page.status ?? 302, { location: page.location }).end();
    return response
      .writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' })
      .end(page.body);
  });
  return Object.assign(server, { pages: map, paths: () => server.requests.map((request) => request.path) });
}

export const sitemapXml = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <url><loc>${url.replace(/&/g, '&amp;')}</loc></url>`)
    .join('\n')}\n</urlset>`;

export const sitemapIndexXml = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <sitemap><loc>${url}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>`;
