import type { MessageList } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const PAGE_SIZE = 100;

/** Without a cursor the newest messages; `before` pages back to older ones. Each page is oldest first. */
export function getMessages(conversationId: string, before: string | null, signal?: AbortSignal): Promise<MessageList> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before) query.set('before', before);
  return api.get<MessageList>(`${apiPaths.conversations.messages(conversationId)}?${query.toString()}`, signal);
}

/** Pages are fetched newest first and kept in `pages` oldest first (older pages are "previous" pages). */
export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'messages', conversationId] as const,
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: () => undefined,
    getPreviousPageParam: (firstPage) => firstPage.older_cursor,
    // The stream writes answers into this cache; refetching under it would only flicker.
    staleTime: Infinity,
  });

export const useMessages = (conversationId: string | null) =>
  useInfiniteQuery({ ...messagesQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
