import type { LoginResponse, MfaLoginBody } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/** The code step of sign-in: the challenge from the password step, and an authenticator or recovery code. */
export const loginWithCode = (body: MfaLoginBody): Promise<LoginResponse> =>
  api.post<LoginResponse>(apiPaths.auth.loginMfa, body);

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
