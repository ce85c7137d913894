import type { DocsMaintenanceSettings, UpdateDocsMaintenanceSettingsBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { docsMaintenanceKeys } from './keys';

const path = apiPaths.admin.docsMaintenance.settings;

export const getDocsMaintenanceSettings = (signal?: AbortSignal) => api.get<DocsMaintenanceSettings>(path, signal);
export const saveDocsMaintenanceSettings = (body: UpdateDocsMaintenanceSettingsBody) =>
  api.put<DocsMaintenanceSettings>(path, body);

export const docsMaintenanceSettingsQueryOptions = () =>
  queryOptions({ queryKey: docsMaintenanceKeys.settings, queryFn: ({ signal }) => getDocsMaintenanceSettings(signal) });

export const useDocsMaintenanceSettings = () => useQuery(docsMaintenanceSettingsQueryOptions());

export function useSaveDocsMaintenanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocsMaintenanceSettings,
    onSuccess: (saved) => queryClient.setQueryData(docsMaintenanceKeys.settings, saved),
  });
}
