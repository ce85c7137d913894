import type { ConversationList } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const PAGE_SIZE = 50;

/** One page of the user's recent conversations (not pinned, in no folder, not archived), newest updated first. */
export function getConversations(cursor: string | null, signal?: AbortSignal): Promise<ConversationList> {
  // The recent list: pinned chats and folders are their own sections (api/organise.ts), archived ones leave it.
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), section: 'unfiled' });
  if (cursor) query.set('cursor', cursor);
  return api.get<ConversationList>(`${apiPaths.conversations.list}?${query.toString()}`, signal);
}

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['chat', 'conversations'] as const,
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const useConversations = (enabled = true) => useInfiniteQuery({ ...conversationsQueryOptions(), enabled });
