import type { PrivacySettings, PrivacySettingsBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const getPrivacySettings = (signal?: AbortSignal): Promise<PrivacySettings> =>
  api.get<PrivacySettings>(apiPaths.privacy.settings, signal);

export const privacySettingsQueryOptions = () =>
  queryOptions({ queryKey: ['privacy', 'settings'] as const, queryFn: ({ signal }) => getPrivacySettings(signal) });

export const usePrivacySettings = () => useQuery(privacySettingsQueryOptions());

export const updatePrivacySettings = (body: PrivacySettingsBody): Promise<PrivacySettings> =>
  api.put<PrivacySettings>(apiPaths.privacy.settings, body);

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(privacySettingsQueryOptions().queryKey, settings);
      // The change is audited: the Audit Logs tab shows it next time.
      return queryClient.invalidateQueries({ queryKey: ['audit-logs'] });
    },
  });
}
