import type { ApiTokenCreateBody, ApiTokenCreated } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { tokensQueryOptions } from './get-tokens';

export const createToken = (body: ApiTokenCreateBody): Promise<ApiTokenCreated> =>
  api.post<ApiTokenCreated>(apiPaths.tokens.create, body);

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions().queryKey }),
  });
}
