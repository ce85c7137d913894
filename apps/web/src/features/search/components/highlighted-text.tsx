import type { SearchHighlight } from '@hearth/contract';
import { splitHighlights } from '../lib/highlight';

/** Text with the search's matches in <mark>: built from offsets as React text, never from HTML. */
export function HighlightedText({ text, highlights }: { text: string; highlights: readonly SearchHighlight[] }) {
  return (
    <>
      {splitHighlights(text, highlights).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
