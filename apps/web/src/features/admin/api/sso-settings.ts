import type { LdapLoginBody, OidcTestStart, SsoSettings, SsoSettingsBody, SsoTestResult } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const ssoKey = ['admin', 'settings', 'sso'] as const;

export const useSsoSettings = () =>
  useQuery(
    queryOptions({
      queryKey: ssoKey,
      queryFn: ({ signal }) => api.get<SsoSettings>(apiPaths.admin.ssoSettings, signal),
    }),
  );

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsBody) => api.put<SsoSettings>(apiPaths.admin.ssoSettings, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoKey, saved);
      // The sign-in page's buttons follow the saved settings.
      return queryClient.invalidateQueries({ queryKey: ['auth', 'sso-providers'] });
    },
  });
}

export const useStartOidcTest = () =>
  useMutation({ mutationFn: () => api.post<OidcTestStart>(apiPaths.admin.ssoOidcTest, {}) });

export const useLdapTest = () =>
  useMutation({ mutationFn: (body: LdapLoginBody) => api.post<SsoTestResult>(apiPaths.admin.ssoLdapTest, body) });
