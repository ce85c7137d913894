import type { AuditLogList, AuditLogQuery } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type AuditLogFilter = Pick<AuditLogQuery, 'scope' | 'action' | 'user_id'>;

export function getAuditLogs(filter: AuditLogFilter, signal?: AbortSignal): Promise<AuditLogList> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return api.get<AuditLogList>(`${apiPaths.auditLogs}${suffix}`, signal);
}

export const auditLogsQueryOptions = (filter: AuditLogFilter) =>
  queryOptions({ queryKey: ['audit-logs', filter] as const, queryFn: ({ signal }) => getAuditLogs(filter, signal) });

export const useAuditLogs = (filter: AuditLogFilter) => useQuery(auditLogsQueryOptions(filter));
