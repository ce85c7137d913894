import type { AdminStats } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/stats: users, active users, conversations, documents and storage in the admin's scope. */
export const getStats = (signal?: AbortSignal) => api.get<AdminStats>(apiPaths.admin.stats, signal);

export const statsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
