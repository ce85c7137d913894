import type { LoginBody, LoginResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

export const login = (body: LoginBody): Promise<LoginResponse> => api.post<LoginResponse>(apiPaths.auth.login, body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Wait for the fresh profile so guarded pages see the user straight away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
