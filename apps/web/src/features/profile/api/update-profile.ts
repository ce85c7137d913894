import type { Me, ProfileUpdateBody } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const updateProfile = (body: ProfileUpdateBody): Promise<Me> => api.patch<Me>(apiPaths.profile, body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The server answers with the updated user: put it straight into the "me" cache.
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
