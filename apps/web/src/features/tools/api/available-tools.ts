import type { AvailableToolList } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** The tools the signed-in user's answers may call now (built-in and MCP). */
export function useAvailableTools(enabled = true) {
  return useQuery({
    queryKey: ['tools', 'available'],
    queryFn: () => api.get<AvailableToolList>(apiPaths.tools.available),
    staleTime: 60_000,
    enabled,
  });
}
