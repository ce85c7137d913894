import type { AdminResetLink, AdminUpdateUserBody, AdminUser } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Corrects a user's name or e-mail; the lists refresh. */
export function useUpdateUserDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AdminUpdateUserBody & { id: string }) =>
      api.patch<AdminUser>(apiPaths.admin.user(id), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.root }),
  });
}

/** A one-time password-reset link for the user (the server shows it only in this answer). */
export const useIssueResetLink = () =>
  useMutation({ mutationFn: (id: string) => api.post<AdminResetLink>(apiPaths.admin.userPasswordReset(id)) });
