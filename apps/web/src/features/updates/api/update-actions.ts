import type { SnoozeUpdateResponse, UpdatesResponse, UpgradeRequestResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { updatesQueryOptions } from './get-updates';

/** Every answer about an update changes what /api/updates says: ask again after each. */
function useUpdatesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesQueryOptions().queryKey }),
  });
}

/** Later: kept on the server, so the card stays collapsed after a reload and on other devices. */
export const useSnoozeUpdate = () => useUpdatesMutation(() => api.post<SnoozeUpdateResponse>(apiPaths.updates.snooze));

/** X: this version stays collapsed for the caller. */
export const useDismissUpdate = () =>
  useUpdatesMutation((version: string) => api.post<{ ok: true }>(apiPaths.updates.dismiss, { version }));

export const useMarkWhatsNewSeen = () =>
  useUpdatesMutation((version: string) => api.post<{ ok: true }>(apiPaths.updates.whatsNewSeen, { version }));

export const useCheckForUpdates = () => useUpdatesMutation(() => api.post<UpdatesResponse>(apiPaths.updates.check));

/** Upgrade now: the server calls the deploy webhook; the caller then watches /health for the new version. */
export const useUpgradeNow = () =>
  useUpdatesMutation((version: string) => api.post<UpgradeRequestResponse>(apiPaths.updates.upgrade, { version }));
