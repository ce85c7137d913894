import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';
import type { KnowledgeDocumentWithContent } from './types';

/** GET /api/knowledge/documents/:id: one document with its extracted text. */
export const getDocument = (id: string, signal?: AbortSignal): Promise<KnowledgeDocumentWithContent> =>
  api.get<KnowledgeDocumentWithContent>(apiPaths.knowledge.document(id), signal);

export const documentQueryOptions = (id: string) =>
  queryOptions({ queryKey: knowledgeKeys.document(id), queryFn: ({ signal }) => getDocument(id, signal) });

export const useDocument = (id: string | null) => useQuery({ ...documentQueryOptions(id ?? ''), enabled: id !== null });
