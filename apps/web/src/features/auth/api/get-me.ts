import type { Me } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user, or null when there is no session (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>(apiPaths.auth.me, signal);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    // Auth changes invalidate this explicitly; no need to re-ask on every mount.
    staleTime: 5 * 60 * 1000,
  });

export const useMe = () => useQuery(meQueryOptions());
