import type { GithubConnectionTest, GithubIntegration, SaveGithubIntegrationBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { releaseKeys } from './keys';

export const getGithubIntegration = (signal?: AbortSignal) =>
  api.get<GithubIntegration>(apiPaths.admin.githubIntegration, signal);
export const saveGithubIntegration = (body: SaveGithubIntegrationBody) =>
  api.put<GithubIntegration>(apiPaths.admin.githubIntegration, body);
export const testGithubIntegration = () => api.post<GithubConnectionTest>(apiPaths.admin.githubIntegrationTest);

export const githubIntegrationQueryOptions = () =>
  queryOptions({ queryKey: releaseKeys.github, queryFn: ({ signal }) => getGithubIntegration(signal) });

export const useGithubIntegration = () => useQuery(githubIntegrationQueryOptions());

export function useSaveGithubIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGithubIntegration,
    onSuccess: (saved) => queryClient.setQueryData(releaseKeys.github, saved),
  });
}

export const useTestGithubIntegration = () => useMutation({ mutationFn: testGithubIntegration });
