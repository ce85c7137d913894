import type { LoginBody, LoginResult } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/** A session, or `{mfa_required, challenge}` when the account signs in with a second factor (MfaStep). */
export const login = (body: LoginBody): Promise<LoginResult> => api.post<LoginResult>(apiPaths.auth.login, body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Wait for the fresh profile so guarded pages see the user straight away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
