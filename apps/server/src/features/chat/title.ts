const MAX_WORDS = 8;
const MAX_CHARS = 50;
const ELLIPSIS = '...';

/**
 * Spec §4: text of 8 words or fewer is the title as is, cut to 50 characters plus an ellipsis when longer;
 * longer text uses its first 8 words plus an ellipsis. Whitespace runs (newlines too) count as one space.
 */
export function conversationTitle(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'New Chat';
  if (words.length > MAX_WORDS) return words.slice(0, MAX_WORDS).join(' ') + ELLIPSIS;
  const title = words.join(' ');
  return title.length > MAX_CHARS ? title.slice(0, MAX_CHARS) + ELLIPSIS : title;
}
