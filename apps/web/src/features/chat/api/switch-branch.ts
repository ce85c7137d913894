import type { SwitchBranchResponse } from '@hearth/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { getMessages, messagesQueryOptions } from './get-messages';

/** Shows the branch through a message ("‹ 2/3 ›", or a search result on another branch). */
export function useSwitchBranch(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => {
      const id = conversationId ?? '';
      await api.post<SwitchBranchResponse>(apiPaths.conversations.branch(id), { message_id: messageId });
      await showNewestPage(queryClient, id);
    },
  });
}

/**
 * Replaces the cached thread by the shown path's newest page (with each message's "‹ 2/3 ›" position).
 * Older pages are dropped rather than refetched: they may belong to another branch now.
 */
export async function showNewestPage(queryClient: QueryClient, conversationId: string): Promise<void> {
  const page = await getMessages(conversationId, null);
  queryClient.setQueryData(messagesQueryOptions(conversationId).queryKey, { pages: [page], pageParams: [null] });
}
