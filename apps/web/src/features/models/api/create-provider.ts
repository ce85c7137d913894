import type { Provider, ProviderCreateBody } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateModelQueries } from './invalidate';

export const createProvider = (body: ProviderCreateBody): Promise<Provider> =>
  api.post<Provider>(apiPaths.models.providers, body);

export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProvider, onSuccess: () => invalidateModelQueries(queryClient) });
}
