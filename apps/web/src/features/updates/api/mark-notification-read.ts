import type { UpdateNotification } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { updatesQueryOptions } from './get-updates';

export const markNotificationRead = (id: string): Promise<UpdateNotification> =>
  api.post<UpdateNotification>(apiPaths.updates.read(id));

/** Seen on the card: unread → read. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => Promise.all(ids.map(markNotificationRead)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesQueryOptions().queryKey }),
  });
}
