import type { OkResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

export const deleteDocument = (id: string): Promise<OkResponse> =>
  api.delete<OkResponse>(apiPaths.knowledge.document(id));

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
