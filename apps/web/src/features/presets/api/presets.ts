import type { CreatePresetBody, OkResponse, Preset, PresetListResponse, UpdatePresetBody } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const presetKeys = { all: ['presets'] as const };

/** Where an own preset's group shares are read and replaced. */
export const presetGroups = (id: string) => ({
  path: apiPaths.presets.groups(id),
  queryKey: [...presetKeys.all, 'groups', id] as const,
});

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
