import type { GroupList, ModelGrant, ModelGrantBody, ModelGrantsResponse } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateModelQueries } from './invalidate';

/** Admins: models and runtimes restricted to groups (anything not listed is visible to everyone). */
export const useModelGrants = (enabled: boolean) =>
  useQuery({
    queryKey: ['models', 'grants'] as const,
    queryFn: ({ signal }) => api.get<ModelGrantsResponse>(apiPaths.models.grants, signal),
    enabled,
  });

/** The groups an admin may grant models to (super admins: every organisation's). */
export const useGrantableGroups = (enabled: boolean) =>
  useQuery({
    queryKey: ['models', 'grant-groups'] as const,
    queryFn: ({ signal }) => api.get<GroupList>(apiPaths.admin.groups, signal),
    enabled,
  });

/** Super admins: replace the groups of one model or runtime; an empty list means "Everyone". */
export function useSetModelGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModelGrantBody) => api.put<ModelGrant>(apiPaths.models.grants, body),
    onSettled: () => invalidateModelQueries(queryClient),
  });
}
