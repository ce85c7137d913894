import type { DownloadCreateBody, ModelDownload } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { upsertDownload } from './get-downloads';

export const createDownload = (body: DownloadCreateBody): Promise<ModelDownload> =>
  api.post<ModelDownload>(apiPaths.models.downloads, body);

export function useCreateDownload() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDownload, onSuccess: (download) => upsertDownload(queryClient, download) });
}
