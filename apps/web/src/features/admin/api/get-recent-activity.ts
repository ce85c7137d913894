import type { AuditLogList } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const RECENT_ACTIVITY_LIMIT = 10;

/** GET /api/audit-logs?scope=organization: the newest audit entries the admin may see. */
export const getRecentActivity = (signal?: AbortSignal) =>
  api.get<AuditLogList>(`${apiPaths.auditLogs}?scope=organization&limit=${RECENT_ACTIVITY_LIMIT}`, signal);

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.activity, queryFn: ({ signal }) => getRecentActivity(signal), retry: false });

export const useRecentActivity = () => useQuery(recentActivityQueryOptions());
