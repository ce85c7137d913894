import type { GroupList, PromptGroupsResponse } from '@hearth/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../config/paths';
import { api } from './api-client';

/** Where an own item's group shares live: its `/groups` URL and the query key its feature caches them under. */
export interface GroupShareTarget {
  path: string;
  queryKey: QueryKey;
}

/** GET `<item>/groups` (owner only) and the organisation's groups to choose from; prompts and presets alike. */
export function useGroupShares({ path, queryKey }: GroupShareTarget, enabled: boolean) {
  const shared = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<PromptGroupsResponse>(path, signal),
    enabled,
  });
  const available = useQuery({
    queryKey: ['groups'] as const,
    queryFn: ({ signal }) => api.get<GroupList>(apiPaths.groups, signal),
    enabled,
  });
  return { shared, available };
}

/** PUT replaces the whole list. */
export function useSetGroupShares({ path, queryKey }: GroupShareTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupIds: string[]) => api.put<PromptGroupsResponse>(path, { group_ids: groupIds }),
    onSuccess: (response) => queryClient.setQueryData(queryKey, response),
  });
}
