import type { GroupList, PromptGroupsResponse } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const groupsKey = (promptId: string) => ['prompts', 'groups', promptId] as const;

/** GET /api/prompts/:id/groups (owner only) and the organisation's groups to choose from. */
export function usePromptGroups(promptId: string, enabled: boolean) {
  const shared = useQuery({
    queryKey: groupsKey(promptId),
    queryFn: ({ signal }) => api.get<PromptGroupsResponse>(apiPaths.prompts.groups(promptId), signal),
    enabled,
  });
  const available = useQuery({
    queryKey: ['groups'] as const,
    queryFn: ({ signal }) => api.get<GroupList>(apiPaths.groups, signal),
    enabled,
  });
  return { shared, available };
}

export function useSetPromptGroups(promptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupIds: string[]) =>
      api.put<PromptGroupsResponse>(apiPaths.prompts.groups(promptId), { group_ids: groupIds }),
    onSuccess: (response) => queryClient.setQueryData(groupsKey(promptId), response),
  });
}
