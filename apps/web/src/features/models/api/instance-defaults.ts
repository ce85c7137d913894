import type { InstanceDefaults } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** The instance defaults every signed-in user reads (the chat's initial model); admins change them in System settings. */
export const instanceDefaultsKey = ['instance', 'defaults'] as const;

export const getInstanceDefaults = (signal?: AbortSignal) =>
  api.get<InstanceDefaults>(apiPaths.instanceDefaults, signal);

export const instanceDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: instanceDefaultsKey,
    queryFn: ({ signal }) => getInstanceDefaults(signal),
    staleTime: 5 * 60 * 1000,
  });

export const useInstanceDefaults = () => useQuery(instanceDefaultsQueryOptions());
