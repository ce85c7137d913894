import type {
  AppVersion,
  CreateVersionBody,
  DeploymentResult,
  OkResponse,
  UpdateVersionStatusBody,
} from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { releaseKeys } from './keys';

export const createVersion = (body: CreateVersionBody) => api.post<AppVersion>(apiPaths.admin.versions, body);
export const setVersionStatus = ({ id, deployment_status }: { id: string } & UpdateVersionStatusBody) =>
  api.patch<AppVersion>(apiPaths.admin.version(id), { deployment_status });
export const deleteVersion = (id: string) => api.delete<OkResponse>(apiPaths.admin.version(id));
export const deployViaGithub = (id: string) => api.post<DeploymentResult>(apiPaths.admin.deployVersion(id));
export const rollbackViaGithub = (id: string) => api.post<DeploymentResult>(apiPaths.admin.rollbackVersion(id));

/** Every change to a version refreshes the version list and the logs (failures write logs too). */
function useReleaseMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: releaseKeys.versions }),
        queryClient.invalidateQueries({ queryKey: ['releases', 'logs'] }),
        // The update notices of the signed-in super admin change when a version goes live.
        queryClient.invalidateQueries({ queryKey: ['updates'] }),
      ]),
  });
}

export const useCreateVersion = () => useReleaseMutation(createVersion);
export const useSetVersionStatus = () => useReleaseMutation(setVersionStatus);
export const useDeleteVersion = () => useReleaseMutation(deleteVersion);
export const useDeployViaGithub = () => useReleaseMutation(deployViaGithub);
export const useRollbackViaGithub = () => useReleaseMutation(rollbackViaGithub);
