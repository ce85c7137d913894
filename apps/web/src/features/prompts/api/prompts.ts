import type { CreatePromptBody, OkResponse, Prompt, PromptListResponse, UpdatePromptBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const promptKeys = { all: ['prompts'] as const };

/** Where an own prompt's group shares are read and replaced (issue 16). */
export const promptGroups = (id: string) => ({
  path: apiPaths.prompts.groups(id),
  queryKey: [...promptKeys.all, 'groups', id] as const,
});

/** GET /api/prompts: own prompts, the organisation's shared ones, then the built-in starters. */
export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: promptKeys.all,
    queryFn: ({ signal }) => api.get<PromptListResponse>(apiPaths.prompts.list, signal),
    staleTime: 30_000,
  });

export const usePrompts = (enabled = true) => useQuery({ ...promptsQueryOptions(), enabled });

function useInvalidatingMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

export const useCreatePrompt = () =>
  useInvalidatingMutation((body: CreatePromptBody) => api.post<Prompt>(apiPaths.prompts.list, body));

export const useUpdatePrompt = () =>
  useInvalidatingMutation(({ id, ...body }: UpdatePromptBody & { id: string }) =>
    api.patch<Prompt>(apiPaths.prompts.byId(id), body),
  );

export const useDeletePrompt = () =>
  useInvalidatingMutation((id: string) => api.delete<OkResponse>(apiPaths.prompts.byId(id)));
