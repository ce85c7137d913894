import type { StartersResponse } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** The recommended first models (a small instruct model, a vision model, an embedding model). */
export const getStarters = (signal?: AbortSignal): Promise<StartersResponse> =>
  api.get<StartersResponse>(apiPaths.models.starters, signal);

export const startersQueryOptions = () =>
  queryOptions({
    queryKey: ['models', 'starters'] as const,
    queryFn: ({ signal }) => getStarters(signal),
    staleTime: Infinity,
  });

export const useStarters = (enabled = true) => useQuery({ ...startersQueryOptions(), enabled });
