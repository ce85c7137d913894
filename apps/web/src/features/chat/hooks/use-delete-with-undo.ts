import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { messagesQueryOptions } from '../api/get-messages';
import { bulkConversations } from '../api/organise';
import { getHidden, scheduleDelete, subscribeHidden, UNDO_WINDOW_MS } from '../lib/pending-deletes';

/** The chats deleted but still inside their undo window: every list leaves them out. */
export const useHiddenConversations = (): ReadonlySet<string> =>
  useSyncExternalStore(subscribeHidden, getHidden, getHidden);

/**
 * Deletes chats (already confirmed) with an Undo on the toast: they leave the lists now and the server deletes
 * them when the undo window lapses (lib/pending-deletes.ts).
 */
export function useDeleteWithUndo() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const activeId = useMatch(paths.chatPattern)?.params.conversationId ?? null;

  return (ids: string[]) => {
    if (ids.length === 0) return;
    const undo = scheduleDelete(
      ids,
      async (toDelete, keepalive) => {
        await bulkConversations({ ids: toDelete, action: 'delete' }, keepalive);
        for (const id of toDelete) queryClient.removeQueries({ queryKey: messagesQueryOptions(id).queryKey });
        await queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
      },
      () =>
        toast({
          title: t('deleted.failed', { count: ids.length }),
          variant: 'destructive',
        }),
    );
    if (activeId && ids.includes(activeId)) void navigate(paths.home, { replace: true });
    toast({
      title: t('deleted.done', { count: ids.length }),
      duration: UNDO_WINDOW_MS,
      action: { label: t('deleted.undo'), onClick: undo },
    });
  };
}
