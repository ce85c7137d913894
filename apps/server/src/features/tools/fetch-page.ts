import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import { extractDocument } from '../extraction';
import { fetchText, toUtf8 } from '../knowledge';

/** fetch_url: one page, through the outbound guard, with the knowledge importer's limits scaled down. */
const PAGE_LIMITS = { timeoutMs: 10_000, maxBytes: 3 * 1024 * 1024, maxRedirects: 3 };
const EXTRACTION_LIMITS = { maxBytes: PAGE_LIMITS.maxBytes, maxChars: 200_000, timeoutMs: 10_000 };

/** The readable text of a page (Readability for HTML, by the one extraction path); refusals keep their message. */
export function pageFetcher(policy: () => Promise<SsrfPolicy>, lookup?: Lookup) {
  return async (url: string, signal: AbortSignal): Promise<{ url: string; text: string }> => {
    const fetched = await fetchText(url, 'page', { policy: await policy(), lookup, limits: PAGE_LIMITS, signal });
    const name = fetched.mediaType === 'text/plain' ? 'page.txt' : 'page.html';
    const { text } = await extractDocument(toUtf8(fetched), name, EXTRACTION_LIMITS);
    return { url: fetched.url.toString(), text: text.trim() || '(The page has no readable text.)' };
  };
}
