import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeCollection, KnowledgeCollectionCreateBody } from './types';

export const createCollection = (body: KnowledgeCollectionCreateBody): Promise<KnowledgeCollection> =>
  api.post<KnowledgeCollection>(apiPaths.knowledge.collections, body);

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.collectionsRoot }),
  });
}
