import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateModelQueries } from './invalidate';

export const deleteProvider = (id: string): Promise<unknown> => api.delete<unknown>(apiPaths.models.provider(id));

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProvider, onSuccess: () => invalidateModelQueries(queryClient) });
}
