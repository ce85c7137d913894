import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { upsertDocument } from './get-documents';
import { knowledgeKeys } from './keys';
import type { KnowledgeDocument } from './types';

/** POST /api/knowledge/collections/:id/documents: one file (field `file`); 202 with the queued document. */
export function uploadDocument(collectionId: string, file: File, signal?: AbortSignal): Promise<KnowledgeDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<KnowledgeDocument>(apiPaths.knowledge.documents(collectionId), form, signal);
}

export interface UploadResult {
  uploaded: KnowledgeDocument[];
  failed: { file: File; error: unknown }[];
}

/** Sends the files one at a time, in order (spec §7); afterwards the collections and that collection's documents reload. */
export function useUploadDocuments(onEach?: (file: File, outcome: KnowledgeDocument | Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ collectionId, files }: { collectionId: string; files: File[] }): Promise<UploadResult> => {
      const result: UploadResult = { uploaded: [], failed: [] };
      for (const file of files) {
        try {
          const document = await uploadDocument(collectionId, file);
          upsertDocument(queryClient, document);
          result.uploaded.push(document);
          onEach?.(file, document);
        } catch (error) {
          result.failed.push({ file, error });
          onEach?.(file, error instanceof Error ? error : new Error(i18n.t('knowledge:toasts.uploadFailed')));
        }
      }
      return result;
    },
    onSettled: (_data, _error, { collectionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.collectionsRoot }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(collectionId) }),
      ]),
  });
}
