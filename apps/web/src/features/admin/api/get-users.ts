import type { AdminUserList } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: one page, filtered on the server (super admins: everyone; admins: their organisation). */
export function getUsers(search: string, page: number, signal?: AbortSignal): Promise<AdminUserList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(USERS_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return api.get<AdminUserList>(`${apiPaths.admin.users}?${query.toString()}`, signal);
}

export const usersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.userList(search.trim(), page),
    queryFn: ({ signal }) => getUsers(search, page, signal),
    placeholderData: (previous) => previous,
  });

export const useUsers = (search: string, page: number) => useQuery(usersQueryOptions(search, page));
