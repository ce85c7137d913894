import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeDocument } from './types';

/** Reads a failed document again: it goes back to queued, and its progress arrives on the event stream. */
export const retryDocument = (id: string): Promise<KnowledgeDocument> =>
  api.post<KnowledgeDocument>(apiPaths.knowledge.documentRetry(id));

export function useRetryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
