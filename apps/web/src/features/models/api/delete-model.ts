import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { modelsQueryOptions } from './get-models';

export interface DeleteModelInput {
  providerId: string;
  name: string;
}

/** Deletes a built-in (GGUF) model. Ollama answers 409 delete_with_command with the command to run instead. */
export const deleteModel = ({ providerId, name }: DeleteModelInput): Promise<unknown> =>
  api.delete<unknown>(apiPaths.models.byName(providerId, name));

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelsQueryOptions().queryKey }),
  });
}
