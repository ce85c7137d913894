import type { ChatSettings, ConversationSettings } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const settingsKey = (conversationId: string) => ['conversations', conversationId, 'settings'] as const;

/** GET /api/conversations/:id/settings: the chat's own settings (none for a chat not started yet). */
export const useChatSettings = (conversationId: string | null) =>
  useQuery({
    queryKey: settingsKey(conversationId ?? ''),
    queryFn: ({ signal }) =>
      api.get<ConversationSettings>(apiPaths.conversations.settings(conversationId ?? ''), signal),
    enabled: conversationId !== null,
  });

export function useSaveChatSettings(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChatSettings) =>
      api.put<ConversationSettings>(apiPaths.conversations.settings(conversationId), { settings }),
    onSuccess: (response) => queryClient.setQueryData(settingsKey(conversationId), response),
  });
}
