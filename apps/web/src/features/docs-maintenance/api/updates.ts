import type { DocUpdate, DocUpdateList, DocUpdateStatus, ProcessDocUpdatesResult } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { docPageKeys } from '../../docs';
import { docsMaintenanceKeys } from './keys';

const paths = apiPaths.admin.docsMaintenance;

export const getDocUpdates = (status: DocUpdateStatus | null, signal?: AbortSignal) =>
  api.get<DocUpdateList>(status ? `${paths.updates}?status=${encodeURIComponent(status)}` : paths.updates, signal);
export const processAutomaticDocUpdates = () => api.post<ProcessDocUpdatesResult>(paths.processAutomatic);
export const applyDocUpdate = (id: string) => api.post<DocUpdate>(paths.apply(id));
export const rejectDocUpdate = (id: string) => api.post<DocUpdate>(paths.reject(id));

/** `null`: every update, whatever its status (the tab counts them per status). */
export const docUpdatesQueryOptions = (status: DocUpdateStatus | null) =>
  queryOptions({
    queryKey: docsMaintenanceKeys.updates(status ?? 'all'),
    queryFn: ({ signal }) => getDocUpdates(status, signal),
  });

export const useDocUpdates = (status: DocUpdateStatus | null = null) => useQuery(docUpdatesQueryOptions(status));

/** Applying an update writes a page revision: the updates and the admin's page list both change. */
function useUpdateMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: docsMaintenanceKeys.updatesRoot }),
        // The docs site's saved pages and the admin page list / editor (['admin', 'docs', ...]).
        queryClient.invalidateQueries({ queryKey: docPageKeys.current }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'docs'] }),
      ]),
  });
}

export const useProcessAutomaticDocUpdates = () => useUpdateMutation(processAutomaticDocUpdates);
export const useApplyDocUpdate = () => useUpdateMutation(applyDocUpdate);
export const useRejectDocUpdate = () => useUpdateMutation(rejectDocUpdate);
