import type {
  AdminUserList,
  GroupList,
  MyUsage,
  OkResponse,
  OrganizationList,
  QuotaBody,
  QuotaRule,
  QuotaRuleList,
  QuotaScope,
  UsageReport,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Query keys of usage and quotas; every quota change refreshes all of them (limits show in the figures). */
export const usageKeys = {
  root: ['usage'] as const,
  mine: (days: number) => ['usage', 'me', days] as const,
  report: (days: number) => ['usage', 'report', days] as const,
  quotas: ['usage', 'quotas'] as const,
  targets: (scope: QuotaScope) => ['usage', 'targets', scope] as const,
};

/** GET /api/usage/me: the caller's own requests, tokens and quotas. */
export const myUsageQueryOptions = (days: number) =>
  queryOptions({
    queryKey: usageKeys.mine(days),
    queryFn: ({ signal }) => api.get<MyUsage>(apiPaths.usage.me(days), signal),
  });
export const useMyUsage = (days: number) => useQuery(myUsageQueryOptions(days));

/** GET /api/admin/usage/report: top users, top models and the trend (an organisation's admin: theirs only). */
export const useUsageReport = (days: number) =>
  useQuery({
    queryKey: usageKeys.report(days),
    queryFn: ({ signal }) => api.get<UsageReport>(apiPaths.usage.report(days), signal),
  });

export const useQuotaRules = () =>
  useQuery({
    queryKey: usageKeys.quotas,
    queryFn: ({ signal }) => api.get<QuotaRuleList>(apiPaths.usage.quotas, signal),
  });

export interface QuotaTarget {
  id: string;
  name: string;
}

/** What a rule can be set on: organisations (super admins), the groups and users the caller manages. */
export const useQuotaTargets = (scope: QuotaScope) =>
  useQuery({
    queryKey: usageKeys.targets(scope),
    enabled: scope !== 'instance',
    queryFn: async ({ signal }): Promise<QuotaTarget[]> => {
      if (scope === 'organization') {
        const list = await api.get<OrganizationList>(apiPaths.admin.organizations, signal);
        return list.organizations.map((item) => ({ id: item.id, name: item.name }));
      }
      if (scope === 'group') {
        const list = await api.get<GroupList>(apiPaths.admin.groups, signal);
        return list.groups.map((item) => ({ id: item.id, name: item.name }));
      }
      const list = await api.get<AdminUserList>(`${apiPaths.admin.users}?page_size=100`, signal);
      return list.users.map((item) => ({ id: item.id, name: item.email }));
    },
  });

export function useSetQuota() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { scope: QuotaScope; targetId: string; body: QuotaBody }) =>
      api.put<QuotaRule>(apiPaths.usage.quota(input.scope, input.targetId), input.body),
    onSuccess: () => client.invalidateQueries({ queryKey: usageKeys.root }),
  });
}

export function useRemoveQuota() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { scope: QuotaScope; targetId: string }) =>
      api.delete<OkResponse>(apiPaths.usage.quota(input.scope, input.targetId)),
    onSuccess: () => client.invalidateQueries({ queryKey: usageKeys.root }),
  });
}
