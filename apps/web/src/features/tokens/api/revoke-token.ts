import type { OkResponse } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { tokensQueryOptions } from './get-tokens';

export const revokeToken = (id: string): Promise<OkResponse> => api.delete<OkResponse>(apiPaths.tokens.byId(id));

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions().queryKey }),
  });
}
