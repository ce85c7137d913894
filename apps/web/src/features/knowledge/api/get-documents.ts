import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeDocument, KnowledgeDocumentList } from './types';

/** GET /api/knowledge/collections/:id/documents, newest first. */
export const getDocuments = (collectionId: string, signal?: AbortSignal): Promise<KnowledgeDocumentList> =>
  api.get<KnowledgeDocumentList>(apiPaths.knowledge.documents(collectionId), signal);

/** While documents are waiting or being processed, the list is also re-read now and then, in case an event was missed. */
export const PENDING_REFETCH_MS = 5000;

export const documentsQueryOptions = (collectionId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.documents(collectionId),
    queryFn: ({ signal }) => getDocuments(collectionId, signal),
    refetchInterval: (query) =>
      query.state.data?.documents.some((doc) => doc.status === 'queued' || doc.status === 'processing')
        ? PENDING_REFETCH_MS
        : false,
  });

export const useDocuments = (collectionId: string | null) =>
  useQuery({ ...documentsQueryOptions(collectionId ?? ''), enabled: collectionId !== null });

/** Puts a document the server just reported (upload answer or progress event) into its collection's list. */
export function upsertDocument(queryClient: QueryClient, document: KnowledgeDocument): boolean {
  let known = false;
  queryClient.setQueryData(documentsQueryOptions(document.collection_id).queryKey, (list) => {
    if (!list) return list;
    const documents = list.documents.map((item) => {
      if (item.id !== document.id) return item;
      known = true;
      return { ...item, ...document };
    });
    return { ...list, documents: known ? documents : [document, ...documents] };
  });
  return known;
}
