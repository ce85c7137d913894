import type {
  WebSearchSettings,
  WebSearchSettingsUpdate,
  WebSearchStatus,
  WebSearchTestResult,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const keys = {
  status: ['web-search', 'status'] as const,
  settings: ['web-search', 'settings'] as const,
};

/** GET /api/web-search/status: whether the composer offers "Search the web". */
export const webSearchStatusQueryOptions = () =>
  queryOptions({
    queryKey: keys.status,
    queryFn: ({ signal }) => api.get<WebSearchStatus>(apiPaths.webSearch.status, signal),
    staleTime: 60_000,
  });

/** GET /api/admin/web-search (admins). */
export const useWebSearchSettings = (enabled: boolean) =>
  useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => api.get<WebSearchSettings>(apiPaths.webSearch.settings, signal),
    enabled,
  });

/** PUT /api/admin/web-search (super admins); the composer's toggle follows at once. */
export function useSaveWebSearchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebSearchSettingsUpdate) => api.put<WebSearchSettings>(apiPaths.webSearch.settings, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: keys.status });
    },
  });
}

/** POST /api/admin/web-search/test (super admins): one search with the saved settings. */
export const useTestWebSearch = () =>
  useMutation({
    mutationFn: (query: string) => api.post<WebSearchTestResult>(apiPaths.webSearch.test, { query }),
  });
