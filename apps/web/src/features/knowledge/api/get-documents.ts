import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeDocument, KnowledgeDocumentList } from './types';

/** GET /api/knowledge/collections/:id/documents, newest first. */
export const getDocuments = (collectionId: string, signal?: AbortSignal): Promise<KnowledgeDocumentList> =>
  api.get<KnowledgeDocumentList>(apiPaths.knowledge.documents(collectionId), signal);

export const documentsQueryOptions = (collectionId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.documents(collectionId),
    queryFn: ({ signal }) => getDocuments(collectionId, signal),
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
