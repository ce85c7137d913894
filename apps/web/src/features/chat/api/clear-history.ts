import type { ClearHistoryResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Deletes every conversation of the signed-in user. */
export const clearHistory = (): Promise<ClearHistoryResponse> =>
  api.delete<ClearHistoryResponse>(apiPaths.conversations.clear);

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['chat', 'messages'] });
      await queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
    },
  });
}
