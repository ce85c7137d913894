import type { Conversation } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { groupConversations } from './group-conversations';

const at = (id: string, updated: Date): Conversation => ({
  id,
  title: id,
  created_at: updated.toISOString(),
  updated_at: updated.toISOString(),
});

describe('groupConversations', () => {
  // Local time, as the user sees it: 10:30 on 15 March.
  const now = new Date(2026, 2, 15, 10, 30);

  it('puts conversations under Today, Yesterday and Older by their updated date', () => {
    const groups = groupConversations(
      [
        at('this-morning', new Date(2026, 2, 15, 0, 5)),
        at('last-night', new Date(2026, 2, 14, 23, 59)),
        at('yesterday-early', new Date(2026, 2, 14, 0, 0)),
        at('two-days-ago', new Date(2026, 2, 13, 23, 59)),
        at('last-year', new Date(2025, 11, 31, 12, 0)),
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.conversations.map((item) => item.id)])).toEqual([
      ['Today', ['this-morning']],
      ['Yesterday', ['last-night', 'yesterday-early']],
      ['Older', ['two-days-ago', 'last-year']],
    ]);
  });

  it('keeps the server order (newest first) inside each group and leaves out empty groups', () => {
    const groups = groupConversations(
      [at('b', new Date(2026, 2, 15, 9)), at('a', new Date(2026, 2, 15, 8)), at('old', new Date(2026, 0, 1))],
      now,
    );
    expect(groups.map((group) => group.label)).toEqual(['Today', 'Older']);
    expect(groups[0]?.conversations.map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('handles the first of the month (yesterday is in the previous month)', () => {
    const first = new Date(2026, 3, 1, 9);
    const groups = groupConversations([at('march-31', new Date(2026, 2, 31, 20))], first);
    expect(groups[0]?.label).toBe('Yesterday');
  });

  it('returns no groups for no conversations', () => {
    expect(groupConversations([], now)).toEqual([]);
  });
});
