import type { PasswordChangeBody, PasswordChangeResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Also ends the other sessions and revokes every API token; the answer says how many. */
export const changePassword = (body: PasswordChangeBody): Promise<PasswordChangeResponse> =>
  api.post<PasswordChangeResponse>(apiPaths.auth.password, body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The token list and the sessions page now list fewer rows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
      ]),
  });
}
