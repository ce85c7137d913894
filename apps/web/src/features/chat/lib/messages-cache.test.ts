import type { Conversation, ConversationList } from '@hearth/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { markGenerating } from './messages-cache';

const conversation = (id: string): Conversation => ({
  id,
  title: id,
  created_at: '2026-03-15T10:00:00.000Z',
  updated_at: '2026-03-15T10:00:00.000Z',
});
const list = (...ids: string[]): InfiniteData<ConversationList> => ({
  pages: [{ conversations: ids.map(conversation), next_cursor: null }],
  pageParams: [null],
});
const generating = (client: QueryClient, key: readonly unknown[]) =>
  client
    .getQueryData<InfiniteData<ConversationList>>(key)
    ?.pages.flatMap((page) => page.conversations.map((item) => [item.id, item.generating ?? false]));

describe('markGenerating (issue 17 live indicator)', () => {
  it('flags the conversation in every cached list it is in, and clears it again', () => {
    const client = new QueryClient();
    client.setQueryData(['chat', 'conversations'], list('a', 'b'));
    client.setQueryData(['chat', 'conversations', 'pinned'], list('b'));
    client.setQueryData(['chat', 'messages', 'b'], { pages: [], pageParams: [] });

    markGenerating(client, 'b', true);
    expect(generating(client, ['chat', 'conversations'])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(generating(client, ['chat', 'conversations', 'pinned'])).toEqual([['b', true]]);
    expect(client.getQueryData(['chat', 'messages', 'b'])).toEqual({ pages: [], pageParams: [] });

    markGenerating(client, 'b', false);
    expect(generating(client, ['chat', 'conversations', 'pinned'])).toEqual([['b', false]]);
  });
});
