import type {
  BulkConversationsBody,
  BulkConversationsResponse,
  ChatFolder,
  ChatFolderList,
  Conversation,
  ConversationList,
  OrganizeConversationBody,
} from '@hearth/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api, apiRequest } from '../../../lib/api-client';

const PAGE_SIZE = 50;

export type Section =
  { section: 'pinned' } | { section: 'folder'; folderId: string } | { section: 'archived'; q: string };

/**
 * One sidebar section (pinned, a folder, the archived page): its own paged query, so the main list never has to
 * load everything to find them. All keys start with ['chat', 'conversations'] so one invalidation covers them.
 */
export const sectionQueryOptions = (section: Section) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'conversations', section] as const,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), section: section.section });
      if (section.section === 'folder') query.set('folder_id', section.folderId);
      if (section.section === 'archived' && section.q.trim()) query.set('q', section.q.trim());
      if (pageParam) query.set('cursor', pageParam);
      return api.get<ConversationList>(`${apiPaths.conversations.list}?${query.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const foldersQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'folders'] as const,
    queryFn: ({ signal }) => api.get<ChatFolderList>(apiPaths.chatFolders.list, signal),
  });

/** After any organising change every list may differ: refetch the sections (only the loaded pages). */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
}

export function useOrganize() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrganizeConversationBody }) =>
      api.patch<Conversation>(apiPaths.conversations.organize(id), body),
    onSuccess: () => refresh(),
  });
}

export function useRenameConversation() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api.patch<Conversation>(apiPaths.conversations.byId(id), { title }),
    onSuccess: () => refresh(),
  });
}

/** keepalive: a delete sent as the page closes (its undo window cut short) still reaches the server. */
export const bulkConversations = (body: BulkConversationsBody, keepalive = false) =>
  apiRequest<BulkConversationsResponse>(apiPaths.conversations.bulk, { method: 'POST', body, keepalive });

export function useBulkConversations() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: BulkConversationsBody) => bulkConversations(body),
    onSuccess: () => refresh(),
  });
}

export function useFolderMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: foldersQueryOptions().queryKey });
    await queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
  };
  const create = useMutation({
    mutationFn: (body: { name: string; parent_id?: string | null }) =>
      api.post<ChatFolder>(apiPaths.chatFolders.list, body),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<ChatFolder>(apiPaths.chatFolders.byId(id), { name }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<unknown>(apiPaths.chatFolders.byId(id)),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}
