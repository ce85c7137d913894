import type { SuggestCollectionsResponse } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/knowledge/suggest-collections: up to 3 own collections worth searching for a message. */
export const suggestCollections = (message: string, signal?: AbortSignal): Promise<SuggestCollectionsResponse> =>
  apiRequest<SuggestCollectionsResponse>(apiPaths.knowledge.suggestCollections, {
    method: 'POST',
    body: { message },
    signal,
  });

export const suggestionsQueryOptions = (message: string) =>
  queryOptions({
    queryKey: ['knowledge', 'suggestions', message] as const,
    queryFn: ({ signal }) => suggestCollections(message, signal),
    staleTime: 30_000,
  });
