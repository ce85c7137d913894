import type { AdminUserList } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: one page, filtered on the server (super admins: everyone; admins: their organisation). */
export function getUsers(
  search: string,
  page: number,
  signal?: AbortSignal,
  organizationId = '',
  pageSize = USERS_PAGE_SIZE,
): Promise<AdminUserList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (search.trim()) query.set('search', search.trim());
  // Super admins filter by organisation (issue 16); admins are limited to their own by the server anyway.
  if (organizationId) query.set('organization_id', organizationId);
  return api.get<AdminUserList>(`${apiPaths.admin.users}?${query.toString()}`, signal);
}

export const usersQueryOptions = (search: string, page: number, organizationId = '') =>
  queryOptions({
    queryKey: adminKeys.userList(search.trim(), page, organizationId),
    queryFn: ({ signal }) => getUsers(search, page, signal, organizationId),
    placeholderData: (previous) => previous,
  });

export const useUsers = (search: string, page: number, organizationId = '') =>
  useQuery(usersQueryOptions(search, page, organizationId));
