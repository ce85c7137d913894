import type { AuditAction, AuditChainReport, AuditLogList } from '@hearth/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 50;

export interface AdminAuditFilter {
  action?: AuditAction;
  cursor?: string;
}

/** GET /api/audit-logs?scope=organization: the organisation's log (super admins: the instance's), newest first. */
export function getAdminAuditLog(filter: AdminAuditFilter, signal?: AbortSignal): Promise<AuditLogList> {
  const query = new URLSearchParams({ scope: 'organization', limit: String(AUDIT_PAGE_SIZE) });
  if (filter.action) query.set('action', filter.action);
  if (filter.cursor) query.set('cursor', filter.cursor);
  return api.get<AuditLogList>(`${apiPaths.auditLogs}?${query.toString()}`, signal);
}

export const adminAuditLogQueryOptions = (filter: AdminAuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', filter] as const,
    queryFn: ({ signal }) => getAdminAuditLog(filter, signal),
    retry: false,
  });

export const useAdminAuditLog = (filter: AdminAuditFilter) => useQuery(adminAuditLogQueryOptions(filter));

export const verifyAuditChain = (): Promise<AuditChainReport> => api.get<AuditChainReport>(apiPaths.auditLogsVerify);

export const useVerifyAuditChain = () => useMutation({ mutationFn: verifyAuditChain });
