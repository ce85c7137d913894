import type { AdminCreateUserBody, AdminImportResult, AdminUser } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/users: one account in the admin's organisation. */
export const createUser = (body: AdminCreateUserBody) => api.post<AdminUser>(apiPaths.admin.users, body);

/** POST /api/admin/users/import: CSV text; the answer reports every row. */
export const importUsers = (csv: string) => api.post<AdminImportResult>(apiPaths.admin.importUsers, { csv });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.root }),
  });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.root }),
  });
}
