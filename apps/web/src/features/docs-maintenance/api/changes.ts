import type {
  DetectDocChangesBody,
  DetectDocChangesResult,
  DocChangeList,
  DraftDocUpdatesResult,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { docsMaintenanceKeys } from './keys';

const paths = apiPaths.admin.docsMaintenance;

export const getDocChanges = (signal?: AbortSignal) => api.get<DocChangeList>(paths.changes, signal);
export const detectDocChanges = (body: DetectDocChangesBody) => api.post<DetectDocChangesResult>(paths.detect, body);
export const draftDocUpdates = (changeId: string) => api.post<DraftDocUpdatesResult>(paths.draft(changeId));

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
    mutationFn: draftDocUpdates,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.changes }),
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.updatesRoot }),
      ]),
  });
}
