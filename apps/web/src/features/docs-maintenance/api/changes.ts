import type {
  DetectDocChangesBody,
  DetectDocChangesResult,
  DocChangeList,
  DocDraftJob,
  DraftDocUpdatesResult,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { docsMaintenanceKeys } from './keys';

const paths = apiPaths.admin.docsMaintenance;

export const getDocChanges = (signal?: AbortSignal) => api.get<DocChangeList>(paths.changes, signal);
export const detectDocChanges = (body: DetectDocChangesBody) => api.post<DetectDocChangesResult>(paths.detect, body);
/** How often a running draft is looked at (each page is a model call: seconds, often more). */
const DRAFT_POLL_MS = 500;

export const getDocDraft = (jobId: string) => api.get<DocDraftJob>(paths.draftJob(jobId));

/**
 * Drafts a change: the server runs it as a job (202) and this follows it until it ends, telling `onProgress`
 * the pages drafted so far. Resolves with the result, or throws the job's error.
 */
export async function draftDocUpdates(
  changeId: string,
  onProgress?: (job: DocDraftJob) => void,
): Promise<DraftDocUpdatesResult> {
  let job = await api.post<DocDraftJob>(paths.draft(changeId));
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, DRAFT_POLL_MS));
    job = await getDocDraft(job.id);
    onProgress?.(job);
  }
  if (job.status === 'failed' || !job.result) throw new Error(job.error ?? 'Drafting failed.');
  return job.result;
}

export const docChangesQueryOptions = () =>
  queryOptions({ queryKey: docsMaintenanceKeys.changes, queryFn: ({ signal }) => getDocChanges(signal) });

export const useDocChanges = () => useQuery(docChangesQueryOptions());

/** Detection moves the last processed commit: the change list and the source card both change. */
export function useDetectDocChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: detectDocChanges,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.changes }),
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.settings }),
      ]),
  });
}

/** Drafting one change writes updates and marks the change processed. */
export function useDraftDocUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, onProgress }: { changeId: string; onProgress?: (job: DocDraftJob) => void }) =>
      draftDocUpdates(changeId, onProgress),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.changes }),
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.updatesRoot }),
      ]),
  });
}
