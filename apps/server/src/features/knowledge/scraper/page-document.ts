import { parseHTML } from 'linkedom';

const TITLE_WINDOW = 200_000;
const MAX_TITLE_CHARS = 2_000;

/**
 * The markup inside the first <title>…</title> whose text is at most 2,000 characters. The single regex this
 * replaces (/<title\b[^>]*>([\s\S]{0,2000}?)<\/title\s*>/i) searched from every "<title" afresh, quadratic on a
 * page of repeated "<title"; here each search resumes where the last one ended.
 */
function titleMarkup(html: string): string | null {
  const head = html.slice(0, TITLE_WINDOW);
  const opens = /<title\b/gi;
  const closes = /<\/title\s*>/gi;
  let tagEnd = -1;
  let close: RegExpExecArray | null = null;
  for (let open = opens.exec(head); open; open = opens.exec(head)) {
    if (tagEnd < open.index) tagEnd = head.indexOf('>', open.index);
    if (tagEnd < 0) return null;
    const start = tagEnd + 1;
    if (!close || close.index < start) {
      closes.lastIndex = start;
      close = closes.exec(head);
      if (!close) return null;
    }
    if (close.index - start <= MAX_TITLE_CHARS) return head.slice(start, close.index);
  }
  return null;
}

/** The page's <title>, entities decoded and whitespace collapsed; null when there is none. */
export function pageTitle(html: string): string | null {
  const markup = titleMarkup(html);
  if (!markup) return null;
  const { document } = parseHTML(`<!doctype html><html><head><title>${markup}</title></head><body></body></html>`);
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
