import type { LdapLoginBody, LoginResult, SsoProviders } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/** Which single sign-on methods the sign-in page offers. */
export const ssoProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sso-providers'] as const,
    queryFn: ({ signal }) => api.get<SsoProviders>(apiPaths.auth.sso, signal),
    staleTime: 60_000,
  });

export const useSsoProviders = () => useQuery(ssoProvidersQueryOptions());

export function useLdapLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LdapLoginBody) => api.post<LoginResult>(apiPaths.auth.ldapLogin, body),
    // A code step (mfa_required) has no session yet: only a real sign-in refreshes the profile.
    onSuccess: (result) =>
      'mfa_required' in result ? undefined : queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
