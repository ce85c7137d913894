import type { OllamaStatus } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const getOllamaStatus = (signal?: AbortSignal): Promise<OllamaStatus> =>
  api.get<OllamaStatus>(apiPaths.models.status, signal);

export const ollamaStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['models', 'status'] as const,
    queryFn: ({ signal }) => getOllamaStatus(signal),
    // The status is the connection check: fail fast and say Disconnected rather than retry for a minute.
    retry: false,
    staleTime: 30_000,
  });

/** `recheckMs` polls while set: the chat header re-checks the connection. */
export const useOllamaStatus = (recheckMs?: number) =>
  useQuery({ ...ollamaStatusQueryOptions(), refetchInterval: recheckMs ?? false });
