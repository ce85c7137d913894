import type { QualityReport, QualityReportList } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

/** While a report runs, its progress is read this often (a report takes seconds to a few minutes). */
export const RUNNING_REFETCH_MS = 1000;

/** GET …/quality-reports: the latest report and its history, newest first. */
export const useQualityReports = (collectionId: string) =>
  useQuery({
    queryKey: knowledgeKeys.qualityReports(collectionId),
    queryFn: ({ signal }) => api.get<QualityReportList>(apiPaths.knowledge.qualityReports(collectionId), signal),
    refetchInterval: (query) =>
      query.state.data?.reports.some((report) => report.status === 'running') ? RUNNING_REFETCH_MS : false,
  });

/** POST …/quality-reports ("Check quality"): starts a report (or answers the one already running). */
export function useCheckQuality(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<QualityReport>(apiPaths.knowledge.qualityReports(collectionId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.qualityReports(collectionId) }),
  });
}
