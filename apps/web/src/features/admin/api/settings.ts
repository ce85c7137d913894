import type { InstanceDefaults, SecuritySettings, SystemSettings } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getSecuritySettings = (signal?: AbortSignal) =>
  api.get<SecuritySettings>(apiPaths.admin.securitySettings, signal);
export const getSystemSettings = (signal?: AbortSignal) =>
  api.get<SystemSettings>(apiPaths.admin.systemSettings, signal);
export const getInstanceDefaults = (signal?: AbortSignal) =>
  api.get<InstanceDefaults>(apiPaths.instanceDefaults, signal);

export const useSecuritySettings = (enabled = true) =>
  useQuery(
    queryOptions({ queryKey: adminKeys.security, queryFn: ({ signal }) => getSecuritySettings(signal), enabled }),
  );
export const useSystemSettings = (enabled = true) =>
  useQuery(queryOptions({ queryKey: adminKeys.system, queryFn: ({ signal }) => getSystemSettings(signal), enabled }));

/** The instance defaults every signed-in user reads (the chat's initial model). */
export const instanceDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.instanceDefaults,
    queryFn: ({ signal }) => getInstanceDefaults(signal),
    staleTime: 5 * 60 * 1000,
  });
export const useInstanceDefaults = () => useQuery(instanceDefaultsQueryOptions());

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api.put<SecuritySettings>(apiPaths.admin.securitySettings, body),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.security, saved),
  });
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettings) => api.put<SystemSettings>(apiPaths.admin.systemSettings, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.system, saved);
      return queryClient.invalidateQueries({ queryKey: adminKeys.instanceDefaults });
    },
  });
}
