import type { EmbeddingSettingsResponse, SetEmbeddingModelBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Same key as the knowledge feature's embedding status: one cache entry for both screens. */
const EMBEDDING_KEY = ['knowledge', 'embedding'] as const;

export const getEmbeddingSettings = (signal?: AbortSignal): Promise<EmbeddingSettingsResponse> =>
  api.get<EmbeddingSettingsResponse>(apiPaths.knowledge.embedding, signal);

/** Polls while collections are being (re-)embedded, so progress moves without a reload. */
export const embeddingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: EMBEDDING_KEY,
    queryFn: ({ signal }) => getEmbeddingSettings(signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy = data?.active && data.collections.some((item) => item.embedded_chunks < item.total_chunks);
      return busy ? 2000 : false;
    },
  });

export const useEmbeddingSettings = () => useQuery(embeddingSettingsQueryOptions());

export const setEmbeddingModel = (body: SetEmbeddingModelBody): Promise<EmbeddingSettingsResponse> =>
  api.put<EmbeddingSettingsResponse>(apiPaths.knowledge.embedding, body);

export function useSetEmbeddingModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmbeddingModel,
    onSuccess: (data) => queryClient.setQueryData(EMBEDDING_KEY, data),
  });
}
