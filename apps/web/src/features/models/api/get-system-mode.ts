import type { SystemMode } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const getSystemMode = (signal?: AbortSignal): Promise<SystemMode> =>
  api.get<SystemMode>(apiPaths.models.systemMode, signal);

export const systemModeQueryOptions = () =>
  queryOptions({
    queryKey: ['models', 'system-mode'] as const,
    queryFn: ({ signal }) => getSystemMode(signal),
    retry: false,
    staleTime: 60_000,
  });

export const useSystemMode = () => useQuery(systemModeQueryOptions());
