import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { queryKeys } from './query-keys';

const MAX_RETRIES = 3;

export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 anywhere means the session is gone: re-check who is signed in.
      onError: (error, query) => {
        if (!isApiError(error) || error.status !== 401) return;
        if (query.queryKey[0] === queryKeys.me[0]) return;
        void client.invalidateQueries({ queryKey: queryKeys.me });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60 * 1000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
