import type {
  InvitationCreateBody,
  InvitationCreated,
  InvitationList,
  OkResponse,
  PendingUserList,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/signups/pending: accounts waiting for approval, in the admin's scope. */
export const usePendingSignups = () =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.pendingSignups,
      queryFn: ({ signal }) => api.get<PendingUserList>(apiPaths.admin.pendingSignups, signal),
      // New requests arrive without anyone here doing anything: look again now and then.
      refetchInterval: 60_000,
    }),
  );

export const useInvitations = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.invitations,
      queryFn: ({ signal }) => api.get<InvitationList>(apiPaths.admin.invitations, signal),
      enabled,
    }),
  );

/** Approving or rejecting changes the user list and the figures too: refresh everything admin. */
export function useDecideSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api.post<OkResponse>(apiPaths.admin.signupDecision(id, decision)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.root }),
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreateBody) => api.post<InvitationCreated>(apiPaths.admin.invitations, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(apiPaths.admin.invitation(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}
