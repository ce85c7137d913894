import type { EgressReport, NetworkSettings, NetworkSettingsBody } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const networkKey = ['settings', 'network'] as const;

/** GET /api/admin/settings/network (admins): intranet hosts the web scraper may reach. */
export const useNetworkSettings = (enabled: boolean) =>
  useQuery({
    queryKey: networkKey,
    queryFn: ({ signal }) => api.get<NetworkSettings>(apiPaths.admin.networkSettings, signal),
    enabled,
  });

/** PUT /api/admin/settings/network: replaces the whole list. */
export function useSaveNetworkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkSettingsBody) => api.put<NetworkSettings>(apiPaths.admin.networkSettings, body),
    onSuccess: (saved) => queryClient.setQueryData(networkKey, saved),
  });
}

/** The textarea's text as entries: one per line (commas and spaces separate too), blanks dropped. */
export const parseHostList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** GET /api/admin/egress (super admins): configured outbound destinations and this server's connections. */
export const useEgressReport = () =>
  useQuery({
    queryKey: ['admin', 'egress'],
    queryFn: ({ signal }) => api.get<EgressReport>(apiPaths.admin.egress, signal),
    refetchInterval: 30_000,
  });
