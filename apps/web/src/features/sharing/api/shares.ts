import type { ChatShare, ChatShareList, ImportResult, OkResponse, SharedConversation } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const shareKeys = {
  all: ['shares'] as const,
  shared: (token: string) => ['shared', token] as const,
};

/** The full address of a share link, to copy. */
export const shareUrl = (token: string) => `${window.location.origin}/s/${encodeURIComponent(token)}`;

export const useShares = () =>
  useQuery({
    queryKey: shareKeys.all,
    queryFn: ({ signal }) => api.get<ChatShareList>(apiPaths.sharing.shares, signal),
  });

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversation_id: string; public: boolean }) =>
      api.post<ChatShare>(apiPaths.sharing.shares, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(apiPaths.sharing.share(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

/** The snapshot behind a link; not retried (a 401 or 404 is the answer, not a hiccup). */
export const useSharedConversation = (token: string) =>
  useQuery({
    queryKey: shareKeys.shared(token),
    queryFn: ({ signal }) => api.get<SharedConversation>(apiPaths.sharing.shared(token), signal),
    retry: false,
  });

/** Uploads an export; the sidebar's conversation list is refreshed afterwards. */
export function useImportConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload<ImportResult>(apiPaths.sharing.import, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat'] }),
  });
}
