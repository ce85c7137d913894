import type { FinalizeUpdateResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { updatesQueryOptions } from './get-updates';

export const finalizeUpdate = (version: string): Promise<FinalizeUpdateResponse> =>
  api.post<FinalizeUpdateResponse>(apiPaths.updates.finalize, { version });

export function useFinalizeUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalizeUpdate,
    onSettled: async () => {
      const { queryKey } = updatesQueryOptions();
      // The first check of this page load may have started before the update was recorded, and a refetch
      // joins a first fetch still in flight: cancel it, so the check after this one sees the new state.
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
