import { UPDATE_CHECK_INTERVAL_MS, type UpdatesResponse } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const getUpdates = (signal?: AbortSignal): Promise<UpdatesResponse> =>
  api.get<UpdatesResponse>(apiPaths.updates.overview, signal);

export const updatesQueryOptions = () =>
  queryOptions({ queryKey: ['updates'] as const, queryFn: ({ signal }) => getUpdates(signal) });

/** The update check: on start, every 15 minutes (spec §9) and whenever the window regains focus. */
export const useUpdates = (enabled = true) =>
  useQuery({
    ...updatesQueryOptions(),
    enabled,
    refetchInterval: UPDATE_CHECK_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
  });
