import type { AdminUsage } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/usage?days=: messages and uploads per UTC day, oldest first. */
export const getUsage = (days: number, signal?: AbortSignal) =>
  api.get<AdminUsage>(`${apiPaths.admin.usage}?days=${days}`, signal);

export const usageQueryOptions = (days: number) =>
  queryOptions({ queryKey: adminKeys.usage(days), queryFn: ({ signal }) => getUsage(days, signal) });

export const useUsage = (days: number) => useQuery(usageQueryOptions(days));
