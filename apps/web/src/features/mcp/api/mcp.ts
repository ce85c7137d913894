import type {
  GroupList,
  McpAvailableServersResponse,
  McpOAuthStartResponse,
  McpServer,
  McpServerBody,
  McpServersResponse,
  McpToolUpdateBody,
  OkResponse,
  OrganizationList,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const keys = {
  admin: ['mcp', 'admin'] as const,
  mine: ['mcp', 'mine'] as const,
  groups: ['mcp', 'groups'] as const,
  organizations: ['mcp', 'organizations'] as const,
};

/** GET /api/admin/mcp-servers (admins). */
export const useMcpServers = (enabled: boolean) =>
  useQuery({
    queryKey: keys.admin,
    queryFn: ({ signal }) => api.get<McpServersResponse>(apiPaths.mcp.adminServers, signal),
    enabled,
  });

/** GET /api/mcp/servers: the servers open to me and whether my key is set. */
export const useMyMcpServers = (enabled: boolean) =>
  useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api.get<McpAvailableServersResponse>(apiPaths.mcp.servers, signal),
    enabled,
  });

/** The groups and organisations an admin may open a server to. */
export const useMcpAudiences = (enabled: boolean) => ({
  groups: useQuery({
    queryKey: keys.groups,
    queryFn: ({ signal }) => api.get<GroupList>(apiPaths.admin.groups, signal),
    enabled,
  }),
  organizations: useQuery({
    queryKey: keys.organizations,
    queryFn: ({ signal }) => api.get<OrganizationList>(apiPaths.admin.organizations, signal),
    enabled,
  }),
});

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.admin });
    void queryClient.invalidateQueries({ queryKey: keys.mine });
  };
}

/** POST (new) or PUT (id) a server. */
export function useSaveMcpServer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: McpServerBody }) =>
      id
        ? api.put<McpServer>(apiPaths.mcp.adminServer(id), body)
        : api.post<McpServer>(apiPaths.mcp.adminServers, body),
    onSuccess: invalidate,
  });
}

export function useDeleteMcpServer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(apiPaths.mcp.adminServer(id)),
    onSuccess: invalidate,
  });
}

export function useRefreshMcpTools() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<McpServer>(apiPaths.mcp.refresh(id)),
    onSuccess: invalidate,
  });
}

export function useUpdateMcpTool() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, tool, body }: { id: string; tool: string; body: McpToolUpdateBody }) =>
      api.patch<McpServer>(apiPaths.mcp.tool(id, tool), body),
    onSuccess: invalidate,
  });
}

/** PUT (a key) or DELETE (null) my own key for a server. */
export function useSaveMcpCredential() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string | null }) =>
      key === null
        ? api.delete<OkResponse>(apiPaths.mcp.credential(id))
        : api.put<OkResponse>(apiPaths.mcp.credential(id), { key }),
    onSuccess: invalidate,
  });
}

/** Connect: asks the server where to sign in, then sends the browser there (it comes back to Workspace → Tools). */
export function useConnectMcpServer() {
  return useMutation({
    mutationFn: (id: string) => api.post<McpOAuthStartResponse>(apiPaths.mcp.oauthStart(id)),
    onSuccess: ({ authorization_url: url }) => window.location.assign(url),
  });
}
