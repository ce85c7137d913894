import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { conversationsQueryOptions } from './get-conversations';
import { messagesQueryOptions } from './get-messages';

export const deleteConversation = (id: string): Promise<unknown> =>
  api.delete<unknown>(apiPaths.conversations.byId(id));

/** Spec §4: the conversation leaves the list only once the server has deleted it. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_result, id) => {
      queryClient.setQueryData(conversationsQueryOptions().queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                conversations: page.conversations.filter((conversation) => conversation.id !== id),
              })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: messagesQueryOptions(id).queryKey });
    },
  });
}
