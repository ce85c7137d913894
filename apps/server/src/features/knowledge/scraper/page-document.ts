import { parseHTML } from 'linkedom';

/** The page's <title>, entities decoded and whitespace collapsed; null when there is none. */
export function pageTitle(html: string): string | null {
  const match = /<title\b[^>]*>([\s\S]{0,2000}?)<\/title\s*>/i.exec(html.slice(0, 200_000));
  if (!match?.[1]) return null;
  const { document } = parseHTML(`<!doctype html><html><head><title>${match[1]}</title></head><body></body></html>`);
  const title = (document.title || '').replace(/\s+/g, ' ').trim();
  return title || null;
}

/** A readable file name for a scraped page: its title, else host and path; .html or .txt by content. */
export function scrapedFileName(url: URL, title: string | null, mediaType: string): string {
  const extension = mediaType === 'text/plain' ? 'txt' : 'html';
  const fromUrl = `${url.hostname}${decodeURIComponentSafe(url.pathname)}`.replace(/\/+$/, '');
  const base = (title ?? fromUrl)
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/[\\/:*?"<>|]+/g, ' - ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || url.hostname}.${extension}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
