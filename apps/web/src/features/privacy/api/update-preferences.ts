import type { UpdateSettings, UpdateSettingsBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** The instance-wide Update Settings (super admins): the release feed, how often it is read, the deploy webhook. */
export const getUpdateSettings = (signal?: AbortSignal): Promise<UpdateSettings> =>
  api.get<UpdateSettings>(apiPaths.updateSettings, signal);

export const updateSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'update-settings'] as const, queryFn: ({ signal }) => getUpdateSettings(signal) });

export const useUpdateSettings = (enabled: boolean) => useQuery({ ...updateSettingsQueryOptions(), enabled });

export const saveUpdateSettings = (body: UpdateSettingsBody): Promise<UpdateSettings> =>
  api.put<UpdateSettings>(apiPaths.updateSettings, body);

export function useSaveUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUpdateSettings,
    // Synchronous on purpose: the dialog's own onSuccess (toast, close) runs right after, before the editor
    // re-renders with the saved values.
    onSuccess: (saved) => {
      queryClient.setQueryData(updateSettingsQueryOptions().queryKey, saved);
      // The card and Settings → About follow the new settings (a webhook makes Upgrade now appear).
      void queryClient.invalidateQueries({ queryKey: ['updates'] });
    },
  });
}
