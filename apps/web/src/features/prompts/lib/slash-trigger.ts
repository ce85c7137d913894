import type { Prompt } from '@hearth/contract';

/** A '/' typed at the start of a word, and what follows it up to the caret. */
export interface SlashTrigger {
  /** Index of the '/'. */
  start: number;
  /** Index just after the query (the caret). */
  end: number;
  query: string;
}

const MAX_QUERY = 60;

/** The slash command being typed at the caret, or null ('/' must start the text or follow whitespace). */
export function slashTriggerAt(text: string, caret: number): SlashTrigger | null {
  const before = text.slice(0, caret);
  const slash = before.lastIndexOf('/');
  if (slash < 0) return null;
  if (slash > 0 && !/\s/.test(before[slash - 1] ?? '')) return null;
  const query = before.slice(slash + 1);
  if (/\s/.test(query) || query.length > MAX_QUERY) return null;
  return { start: slash, end: caret, query };
}

/** Prompts whose title matches the query: titles starting with it first, then any word, then anywhere. */
export function matchPrompts(prompts: readonly Prompt[], query: string, limit = 8): Prompt[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return prompts.slice(0, limit);
  const rank = (title: string) => {
    const lower = title.toLowerCase();
    if (lower.startsWith(needle)) return 0;
    if (lower.split(/\s+/).some((word) => word.startsWith(needle))) return 1;
    return lower.includes(needle) ? 2 : -1;
  };
  return prompts
    .map((prompt, index) => ({ prompt, index, rank: rank(prompt.title) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.prompt);
}

/** The text with the trigger replaced by the inserted prompt, and where the caret goes afterwards. */
export function insertPrompt(text: string, trigger: SlashTrigger, insert: string): { text: string; caret: number } {
  const next = text.slice(0, trigger.start) + insert + text.slice(trigger.end);
  return { text: next, caret: trigger.start + insert.length };
}
