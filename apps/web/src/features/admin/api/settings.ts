import type { SecuritySettings, SystemSettings } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { instanceDefaultsKey } from '../../models';
import { adminKeys } from './keys';

export const getSecuritySettings = (signal?: AbortSignal) =>
  api.get<SecuritySettings>(apiPaths.admin.securitySettings, signal);
export const getSystemSettings = (signal?: AbortSignal) =>
  api.get<SystemSettings>(apiPaths.admin.systemSettings, signal);
export const useSecuritySettings = (enabled = true) =>
  useQuery(
    queryOptions({ queryKey: adminKeys.security, queryFn: ({ signal }) => getSecuritySettings(signal), enabled }),
  );
export const useSystemSettings = (enabled = true) =>
  useQuery(queryOptions({ queryKey: adminKeys.system, queryFn: ({ signal }) => getSystemSettings(signal), enabled }));

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
      return queryClient.invalidateQueries({ queryKey: instanceDefaultsKey });
    },
  });
}
