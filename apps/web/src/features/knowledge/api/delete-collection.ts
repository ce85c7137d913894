import type { OkResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeCollectionList } from './types';

export const deleteCollection = (id: string): Promise<OkResponse> =>
  api.delete<OkResponse>(apiPaths.knowledge.collection(id));

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_result, id) => {
      // Drop it from every cached list first, so no screen asks for the documents of a collection that is gone.
      queryClient.setQueriesData<KnowledgeCollectionList>({ queryKey: knowledgeKeys.collectionsRoot }, (list) =>
        list ? { ...list, collections: list.collections.filter((c) => c.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: knowledgeKeys.documents(id) });
      return queryClient.invalidateQueries({ queryKey: knowledgeKeys.collectionsRoot });
    },
  });
}
