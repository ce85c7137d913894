import type { DownloadsResponse, ModelDownload } from '@hearth/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Admins only: GGUF download jobs for the built-in runtime, newest first. */
export const getDownloads = (signal?: AbortSignal): Promise<DownloadsResponse> =>
  api.get<DownloadsResponse>(apiPaths.models.downloads, signal);

export const downloadsQueryOptions = () =>
  queryOptions({ queryKey: ['models', 'downloads'] as const, queryFn: ({ signal }) => getDownloads(signal) });

export const useDownloads = (enabled = true) => useQuery({ ...downloadsQueryOptions(), enabled });

/** Puts one download (from an event or a mutation) into the cached list, replacing its older state. */
export function upsertDownload(queryClient: QueryClient, download: ModelDownload): void {
  queryClient.setQueryData(downloadsQueryOptions().queryKey, (current) => {
    const list = current?.downloads ?? [];
    const found = list.some((item) => item.id === download.id);
    return {
      downloads: found ? list.map((item) => (item.id === download.id ? download : item)) : [download, ...list],
    };
  });
}
