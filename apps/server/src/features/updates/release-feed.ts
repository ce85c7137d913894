import { compareVersions, VERSION_NUMBER_PATTERN } from '@hearth/contract';
import { guardedFetch } from '../../http/guarded-fetch';
import type { SsrfPolicy } from '../../http/ssrf-guard';

/** One release as Hearth keeps it, whichever feed it came from. */
export interface FeedRelease {
  version: string;
  /** The git tag to check out ('v0.2.0'); the version with a 'v' when the feed names none. */
  tag: string;
  notes: string;
  critical: boolean;
  url: string | null;
  publishedAt: string | null;
}

/** A release feed answers with a few kilobytes; anything much larger is not one. */
const MAX_FEED_BYTES = 2 * 1024 * 1024;
const MAX_NOTES = 20_000;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * One entry of a feed: a GitHub release object ({tag_name, body, html_url, published_at, draft, prerelease})
 * or Hearth's own shape ({version, notes, critical, url}). Drafts, prereleases and entries without a dotted
 * version are skipped. A release is critical when it says so (critical: true) or its name or notes carry
 * "[critical]".
 */
function parseEntry(raw: unknown): FeedRelease | null {
  const entry = record(raw);
  if (entry.draft === true || entry.prerelease === true) return null;
  const tag = text(entry.tag_name) ?? text(entry.tag);
  const version = (tag ?? text(entry.version) ?? '').replace(/^v/i, '');
  if (!VERSION_NUMBER_PATTERN.test(version)) return null;
  const notes = (text(entry.body) ?? text(entry.notes) ?? text(entry.release_notes) ?? '').slice(0, MAX_NOTES);
  const name = text(entry.name) ?? '';
  const marked = /\[critical\]/i.test(`${name} ${notes}`);
  const url = text(entry.html_url) ?? text(entry.url);
  return {
    version,
    tag: tag ?? `v${version}`,
    notes,
    critical: entry.critical === true || entry.is_critical === true || marked,
    url: url && /^https?:\/\//i.test(url) ? url : null,
    publishedAt: text(entry.published_at),
  };
}

/** The newest release in a feed body: one entry, a list, or {releases: [...]}. */
export function newestRelease(body: unknown): FeedRelease | null {
  const list = Array.isArray(body) ? body : Array.isArray(record(body).releases) ? record(body).releases : [body];
  let newest: FeedRelease | null = null;
  for (const raw of list as unknown[]) {
    const release = parseEntry(raw);
    if (release && (!newest || compareVersions(release.version, newest.version) > 0)) newest = release;
  }
  return newest;
}

/**
 * GETs a release feed through the guarded fetch (the SSRF guard checks the address when connecting; no
 * redirects) and returns its newest release. Throws with a readable message when the feed cannot be read.
 */
export async function fetchFeed(
  url: string,
  options: { policy: SsrfPolicy; timeoutMs: number; headers?: Record<string, string> },
): Promise<FeedRelease | null> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const { response } = await guardedFetch(
    url,
    { headers: { accept: 'application/json', 'user-agent': 'Hearth', ...options.headers }, signal },
    { policy: options.policy, maxRedirects: 0 },
  );
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`The release feed answered ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_FEED_BYTES) throw new Error('The release feed is too large');
  const body = await response.text();
  if (body.length > MAX_FEED_BYTES) throw new Error('The release feed is too large');
  try {
    return newestRelease(JSON.parse(body) as unknown);
  } catch {
    throw new Error('The release feed is not JSON');
  }
}
