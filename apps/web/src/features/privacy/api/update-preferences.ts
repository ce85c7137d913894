import type { UpdatePreferences, UpdatePreferencesBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const getUpdatePreferences = (signal?: AbortSignal): Promise<UpdatePreferences> =>
  api.get<UpdatePreferences>(apiPaths.updatePreferences, signal);

export const updatePreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['preferences', 'update'] as const,
    queryFn: ({ signal }) => getUpdatePreferences(signal),
  });

export const useUpdatePreferences = (enabled: boolean) => useQuery({ ...updatePreferencesQueryOptions(), enabled });

export const saveUpdatePreferences = (body: UpdatePreferencesBody): Promise<UpdatePreferences> =>
  api.put<UpdatePreferences>(apiPaths.updatePreferences, body);

export function useSaveUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUpdatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(updatePreferencesQueryOptions().queryKey, saved),
  });
}
