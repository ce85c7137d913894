import type { SearchHighlight } from '@hearth/contract';

export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * Splits plain text at the server's highlight offsets, so the matches can be wrapped in <mark> as React text
 * (never HTML). Offsets out of range, overlapping or out of order are clamped or skipped, never trusted.
 */
export function splitHighlights(text: string, highlights: readonly SearchHighlight[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const sorted = [...highlights].sort((a, b) => a.start - b.start);
  for (const highlight of sorted) {
    const start = Math.max(at, Math.min(text.length, highlight.start));
    const end = Math.max(start, Math.min(text.length, highlight.end));
    if (end === start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
