import { ModelDownloadEvent } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { useServerEvent } from '../../../lib/server-events';
import { upsertDownload } from '../api/get-downloads';
import { modelsQueryOptions } from '../api/get-models';
import { ollamaStatusQueryOptions } from '../api/get-ollama-status';

/** Keeps the downloads list live from GET /api/events; a finished download refreshes the installed models. */
export function useDownloadEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useServerEvent(
    apiPaths.events,
    'model.download',
    (data) => {
      const parsed = ModelDownloadEvent.safeParse(data);
      if (!parsed.success) return;
      upsertDownload(queryClient, parsed.data.download);
      if (parsed.data.download.status === 'completed') {
        void queryClient.invalidateQueries({ queryKey: modelsQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: ollamaStatusQueryOptions().queryKey });
      }
    },
    enabled,
  );
}
