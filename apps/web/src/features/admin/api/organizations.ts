import type { Group, GroupList, GroupMemberList, OkResponse, Organization, OrganizationList } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { getUsers } from './get-users';
import { adminKeys } from './keys';

/** Organisations and groups (issue 16): query keys live under the admin root, so every change refreshes them. */
export const organizationKeys = {
  organizations: [...adminKeys.root, 'organizations'] as const,
  groups: (organizationId: string) => [...adminKeys.root, 'groups', organizationId] as const,
  members: (groupId: string) => [...adminKeys.root, 'group-members', groupId] as const,
};

/** GET /api/admin/organizations: super admins all, admins their own. */
export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.organizations,
    queryFn: ({ signal }) => api.get<OrganizationList>(apiPaths.admin.organizations, signal),
  });
export const useOrganizations = () => useQuery(organizationsQueryOptions());

/** GET /api/admin/groups (super admins may filter by organisation; '' = all they may see). */
export const useGroups = (organizationId: string) =>
  useQuery({
    queryKey: organizationKeys.groups(organizationId),
    queryFn: ({ signal }) =>
      api.get<GroupList>(
        organizationId
          ? `${apiPaths.admin.groups}?organization_id=${encodeURIComponent(organizationId)}`
          : apiPaths.admin.groups,
        signal,
      ),
  });

export const useGroupMembers = (groupId: string) =>
  useQuery({
    queryKey: organizationKeys.members(groupId),
    queryFn: ({ signal }) => api.get<GroupMemberList>(apiPaths.admin.groupMembers(groupId), signal),
  });

function useAdminMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.root }) });
}

export const useCreateOrganization = () =>
  useAdminMutation((name: string) => api.post<Organization>(apiPaths.admin.organizations, { name }));
export const useRenameOrganization = () =>
  useAdminMutation(({ id, name }: { id: string; name: string }) =>
    api.patch<Organization>(apiPaths.admin.organization(id), { name }),
  );
export const useDeleteOrganization = () =>
  useAdminMutation((id: string) => api.delete<OkResponse>(apiPaths.admin.organization(id)));
export const useMoveUser = () =>
  useAdminMutation(({ userId, organizationId }: { userId: string; organizationId: string }) =>
    api.patch<OkResponse>(apiPaths.admin.userOrganization(userId), { organization_id: organizationId }),
  );

export const useCreateGroup = () =>
  useAdminMutation((body: { name: string; organization_id?: string }) => api.post<Group>(apiPaths.admin.groups, body));
export const useDeleteGroup = () => useAdminMutation((id: string) => api.delete<OkResponse>(apiPaths.admin.group(id)));
export const useAddGroupMember = () =>
  useAdminMutation(({ groupId, userId }: { groupId: string; userId: string }) =>
    api.post<GroupMemberList>(apiPaths.admin.groupMembers(groupId), { user_id: userId }),
  );
export const useRemoveGroupMember = () =>
  useAdminMutation(({ groupId, userId }: { groupId: string; userId: string }) =>
    api.delete<OkResponse>(apiPaths.admin.groupMember(groupId, userId)),
  );

/** Everyone of one organisation (up to 100), to pick group members from. */
export const useOrganizationUsers = (organizationId: string) =>
  useQuery({
    queryKey: [...adminKeys.users, 'organization', organizationId] as const,
    queryFn: ({ signal }) => getUsers('', 1, signal, organizationId, 100),
    enabled: Boolean(organizationId),
  });
