import type { AdminUser, AssignableRole, OkResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const setUserRole = ({ id, role }: { id: string; role: AssignableRole }) =>
  api.patch<AdminUser>(apiPaths.admin.userRole(id), { role });
export const banUser = (id: string) => api.post<AdminUser>(apiPaths.admin.userBan(id));
export const unbanUser = (id: string) => api.post<AdminUser>(apiPaths.admin.userUnban(id));
export const deleteUser = (id: string) => api.delete<OkResponse>(apiPaths.admin.user(id));

/** Every change to a user refreshes the lists, the figures and the activity feed. */
function useAdminMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.root }) });
}

export const useSetUserRole = () => useAdminMutation(setUserRole);
export const useBanUser = () => useAdminMutation(banUser);
export const useUnbanUser = () => useAdminMutation(unbanUser);
export const useDeleteUser = () => useAdminMutation(deleteUser);
