import type { InvitationPreview } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/auth/invitations/:token: the organisation and role an invitation link signs up into. */
export const useInvitationPreview = (token: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['auth', 'invitation', token],
      queryFn: ({ signal }) => api.get<InvitationPreview>(apiPaths.auth.invitation(token ?? ''), signal),
      enabled: Boolean(token),
      retry: false,
    }),
  );
