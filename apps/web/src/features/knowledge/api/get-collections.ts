import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeCollectionList } from './types';

/** GET /api/knowledge/collections?q=: the user's collections, newest first, filtered on the server. */
export function getCollections(q: string, signal?: AbortSignal): Promise<KnowledgeCollectionList> {
  const query = q.trim() ? `?${new URLSearchParams({ q: q.trim() }).toString()}` : '';
  return api.get<KnowledgeCollectionList>(`${apiPaths.knowledge.collections}${query}`, signal);
}

export const collectionsQueryOptions = (q = '') =>
  queryOptions({
    queryKey: knowledgeKeys.collections(q.trim()),
    queryFn: ({ signal }) => getCollections(q, signal),
    placeholderData: (previous) => previous,
  });

export const useCollections = (q = '') => useQuery(collectionsQueryOptions(q));
