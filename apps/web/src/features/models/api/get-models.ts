import type { ModelsResponse } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Every chat model of every reachable runtime (GET /api/ollama/models). */
export const getModels = (signal?: AbortSignal): Promise<ModelsResponse> =>
  api.get<ModelsResponse>(apiPaths.models.list, signal);

export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: ['models', 'installed'] as const,
    queryFn: ({ signal }) => getModels(signal),
    retry: false,
    staleTime: 30_000,
  });

/** `autoDetectMs` polls while set (the Models screen's Auto-detect, spec: every 5 s). */
export const useModels = (autoDetectMs?: number) =>
  useQuery({ ...modelsQueryOptions(), refetchInterval: autoDetectMs ?? false });
