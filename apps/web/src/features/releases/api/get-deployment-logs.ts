import type { DeploymentLogList } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { releaseKeys } from './keys';

export const getDeploymentLogs = (versionId: string | null, signal?: AbortSignal) =>
  api.get<DeploymentLogList>(
    versionId
      ? `${apiPaths.admin.deploymentLogs}?version_id=${encodeURIComponent(versionId)}`
      : apiPaths.admin.deploymentLogs,
    signal,
  );

export const deploymentLogsQueryOptions = (versionId: string | null) =>
  queryOptions({
    queryKey: releaseKeys.logs(versionId),
    queryFn: ({ signal }) => getDeploymentLogs(versionId, signal),
  });

export const useDeploymentLogs = (versionId: string | null) => useQuery(deploymentLogsQueryOptions(versionId));
