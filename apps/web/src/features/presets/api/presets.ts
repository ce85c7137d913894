import type {
  CreatePresetBody,
  GroupList,
  OkResponse,
  Preset,
  PresetListResponse,
  PromptGroupsResponse,
  UpdatePresetBody,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const presetKeys = { all: ['presets'] as const, groups: (id: string) => ['presets', 'groups', id] as const };

/** GET /api/presets: own presets and those shared with the caller. */
const presetsQueryOptions = () =>
  queryOptions({
    queryKey: presetKeys.all,
    queryFn: ({ signal }) => api.get<PresetListResponse>(apiPaths.presets.list, signal),
    staleTime: 30_000,
  });

export const usePresets = () => useQuery(presetsQueryOptions());

function useInvalidatingMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.all }),
  });
}

export const useCreatePreset = () =>
  useInvalidatingMutation((body: CreatePresetBody) => api.post<Preset>(apiPaths.presets.list, body));

export const useUpdatePreset = () =>
  useInvalidatingMutation(({ id, ...body }: UpdatePresetBody & { id: string }) =>
    api.patch<Preset>(apiPaths.presets.byId(id), body),
  );

export const useDeletePreset = () =>
  useInvalidatingMutation((id: string) => api.delete<OkResponse>(apiPaths.presets.byId(id)));

/** GET /api/presets/:id/groups (owner only) and the organisation's groups to choose from. */
export function usePresetGroups(presetId: string, enabled: boolean) {
  const shared = useQuery({
    queryKey: presetKeys.groups(presetId),
    queryFn: ({ signal }) => api.get<PromptGroupsResponse>(apiPaths.presets.groups(presetId), signal),
    enabled,
  });
  const available = useQuery({
    queryKey: ['groups'] as const,
    queryFn: ({ signal }) => api.get<GroupList>(apiPaths.groups, signal),
    enabled,
  });
  return { shared, available };
}

export function useSetPresetGroups(presetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupIds: string[]) =>
      api.put<PromptGroupsResponse>(apiPaths.presets.groups(presetId), { group_ids: groupIds }),
    onSuccess: (response) => queryClient.setQueryData(presetKeys.groups(presetId), response),
  });
}
