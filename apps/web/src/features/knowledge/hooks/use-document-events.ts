import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { useServerEvent } from '../../../lib/server-events';
import { documentsQueryOptions, upsertDocument } from '../api/get-documents';
import { knowledgeKeys } from '../api/keys';
import { KnowledgeDocumentEvent } from '../api/types';

/** Keeps document status and progress live from GET /api/events ('knowledge.document'). */
export function useDocumentEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useServerEvent(
    apiPaths.events,
    'knowledge.document',
    (data) => {
      const parsed = KnowledgeDocumentEvent.safeParse(data);
      if (!parsed.success) return;
      const { document } = parsed.data;
      upsertDocument(queryClient, document);
      if (document.status === 'ready' || document.status === 'failed') {
        // A list fetched before this document finished may still be on its way and would overwrite the event
        // with the older state: refetch it now (cancelling that one), so the last word is the server's.
        void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(document.collection_id).queryKey });
        // A finished document changes the collection card (count, recent names, updated date).
        void queryClient.invalidateQueries({ queryKey: knowledgeKeys.collectionsRoot });
      }
    },
    enabled,
  );
}
