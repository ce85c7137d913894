import type { DeleteAccountBody, OkResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { meQueryOptions } from '../../auth';

export const deleteAccount = (body: DeleteAccountBody): Promise<OkResponse> =>
  apiRequest<OkResponse>(apiPaths.profile, { method: 'DELETE', body });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // The session is gone with the account: drop every cached answer and mark nobody signed in.
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryOptions().queryKey[0] });
      queryClient.setQueryData(meQueryOptions().queryKey, null);
    },
  });
}
