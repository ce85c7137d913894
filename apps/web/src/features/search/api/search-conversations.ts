import type { ChatFolderList, ConversationSearchResult } from '@hearth/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiPaths, paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export interface SearchFilters {
  from?: string;
  to?: string;
  model?: string;
  folderId?: string;
  hasAttachments?: 'true' | 'false';
}

export function searchConversations(
  q: string,
  filters: SearchFilters,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<ConversationSearchResult> {
  const query = new URLSearchParams({ q, limit: String(limit) });
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.model) query.set('model', filters.model);
  if (filters.folderId) query.set('folder_id', filters.folderId);
  if (filters.hasAttachments) query.set('has_attachments', filters.hasAttachments);
  if (cursor) query.set('cursor', cursor);
  return api.get<ConversationSearchResult>(`${apiPaths.conversations.search}?${query.toString()}`, signal);
}

/** The /search page's results, "Load more" paging on. */
export const useConversationSearch = (q: string, filters: SearchFilters) =>
  useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['chat', 'search', q, filters] as const,
      queryFn: ({ pageParam, signal }) => searchConversations(q, filters, pageParam, 20, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
    }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** The palette's live results: one short page, the previous one kept while the next loads. */
export const useQuickSearch = (q: string) =>
  useQuery({
    queryKey: ['chat', 'search', 'quick', q] as const,
    queryFn: ({ signal }) => searchConversations(q, {}, null, 8, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export const searchFoldersQuery = () =>
  queryOptions({
    queryKey: ['chat', 'folders'] as const,
    queryFn: ({ signal }) => api.get<ChatFolderList>(apiPaths.chatFolders.list, signal),
  });

/** Where a result opens: the conversation, scrolled to the message (the chat reads `?message=`). */
export const hitPath = (hit: { conversation_id: string; message_id: string | null }) =>
  hit.message_id
    ? `${paths.chat(hit.conversation_id)}?message=${encodeURIComponent(hit.message_id)}`
    : paths.chat(hit.conversation_id);
