/** The address as a link target when it is an http(s) URL; null for anything else (javascript:, data:, junk). */
export function safeWebUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
