import type { BuiltinTool, BuiltinToolList, UpdateBuiltinToolBody } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const key = ['tools', 'builtin'] as const;

export function useBuiltinTools() {
  return useQuery({ queryKey: key, queryFn: () => api.get<BuiltinToolList>(apiPaths.tools.builtin) });
}

/** Super admins: switch a built-in tool on or off, or make it ask first. */
export function useUpdateBuiltinTool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...body }: UpdateBuiltinToolBody & { name: string }) =>
      api.put<BuiltinTool>(apiPaths.tools.adminBuiltin(name), body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tools'] }),
  });
}
