import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { downloadsQueryOptions } from './get-downloads';

export const cancelDownload = (id: string): Promise<unknown> => api.delete<unknown>(apiPaths.models.download(id));

export function useCancelDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadsQueryOptions().queryKey }),
  });
}
