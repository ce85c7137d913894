import type { OkResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { meQueryOptions } from './get-me';

/** Signs out. 401, 403 and 404 mean the session is already gone, which is the goal. */
export async function logout(): Promise<void> {
  try {
    await api.post<OkResponse>(apiPaths.auth.logout);
  } catch (error) {
    if (isApiError(error) && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Drop every cached answer that belonged to the old session, then mark nobody signed in.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryOptions().queryKey[0] });
      queryClient.setQueryData(meQueryOptions().queryKey, null);
    },
  });
}
