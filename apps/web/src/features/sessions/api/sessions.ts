import type { OkResponse, RevokedCount, SessionList } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: ({ signal }) => api.get<SessionList>(apiPaths.auth.sessions, signal),
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

function useSessionsMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export const useRevokeSession = () =>
  useSessionsMutation((id: string) => api.delete<OkResponse>(apiPaths.auth.session(id)));

export const useRevokeOtherSessions = () =>
  useSessionsMutation(() => api.post<RevokedCount>(apiPaths.auth.revokeOtherSessions));
