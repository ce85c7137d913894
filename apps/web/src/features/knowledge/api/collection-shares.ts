import type { CollectionShare, CollectionSharesResponse, GroupList } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

const sharesKey = (collectionId: string) => [...knowledgeKeys.all, 'shares', collectionId] as const;

/** GET /api/knowledge/collections/:id/shares (owner only). */
export const useCollectionShares = (collectionId: string, enabled: boolean) =>
  useQuery({
    queryKey: sharesKey(collectionId),
    queryFn: ({ signal }) =>
      api.get<CollectionSharesResponse>(apiPaths.knowledge.collectionShares(collectionId), signal),
    enabled,
  });

/** GET /api/groups: the groups of the caller's organisation, to share with. */
export const useShareableGroups = (enabled: boolean) =>
  useQuery({
    queryKey: [...knowledgeKeys.all, 'groups'] as const,
    queryFn: ({ signal }) => api.get<GroupList>(apiPaths.groups, signal),
    enabled,
  });

/** PUT replaces the whole list of shares. */
export function useSetCollectionShares(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shares: CollectionShare[]) =>
      api.put<CollectionSharesResponse>(apiPaths.knowledge.collectionShares(collectionId), { shares }),
    onSuccess: (response) => queryClient.setQueryData(sharesKey(collectionId), response),
  });
}
