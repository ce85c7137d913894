import type { ProvidersResponse } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Admins only: the configured model runtimes with their status. */
export const getProviders = (signal?: AbortSignal): Promise<ProvidersResponse> =>
  api.get<ProvidersResponse>(apiPaths.models.providers, signal);

export const providersQueryOptions = () =>
  queryOptions({ queryKey: ['models', 'providers'] as const, queryFn: ({ signal }) => getProviders(signal) });

export const useProviders = (enabled = true) => useQuery({ ...providersQueryOptions(), enabled });
