import type { DismissUpdatesResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { updatesQueryOptions } from './get-updates';

export const dismissAllUpdates = (): Promise<DismissUpdatesResponse> =>
  api.post<DismissUpdatesResponse>(apiPaths.updates.dismissAll);

export function useDismissAllUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAllUpdates,
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesQueryOptions().queryKey }),
  });
}
