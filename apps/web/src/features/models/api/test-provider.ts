import type { ProviderTestResult } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { providersQueryOptions } from './get-providers';

export const testProvider = (id: string): Promise<ProviderTestResult> =>
  api.post<ProviderTestResult>(apiPaths.models.testProvider(id));

export function useTestProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryOptions().queryKey }),
  });
}
