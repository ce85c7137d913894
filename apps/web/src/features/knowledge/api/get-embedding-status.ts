import type { CollectionEmbeddingStatus, EmbeddingSettingsResponse } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

export const getEmbeddingStatus = (signal?: AbortSignal): Promise<EmbeddingSettingsResponse> =>
  api.get<EmbeddingSettingsResponse>(apiPaths.knowledge.embedding, signal);

/** The active embedding model and each own collection's progress; polls while something is being embedded. */
export const embeddingStatusQueryOptions = () =>
  queryOptions({
    queryKey: knowledgeKeys.embedding,
    queryFn: ({ signal }) => getEmbeddingStatus(signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy = data?.active && data.collections.some((item) => item.embedded_chunks < item.total_chunks);
      return busy ? 2000 : false;
    },
  });

/** One collection's embedding status, or null when no model is active or the collection is unknown. */
export function useCollectionEmbedding(
  collectionId: string,
): { model: string; status: CollectionEmbeddingStatus } | null {
  const { data } = useQuery(embeddingStatusQueryOptions());
  const status = data?.collections.find((item) => item.collection_id === collectionId);
  return data?.active && status ? { model: data.active.id, status } : null;
}
