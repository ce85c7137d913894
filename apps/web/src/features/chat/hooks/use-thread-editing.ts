import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useSwitchBranch } from '../api/switch-branch';
import { lastEditableMessage, type ThreadItem } from '../lib/thread';

/**
 * The thread's edit form and branch switching: which message is being edited (↑ in an empty composer opens
 * the last one sent) and "‹ 2/3 ›" between versions of a message.
 */
export function useThreadEditing(conversationId: string | null, items: readonly ThreadItem[], busy: boolean) {
  // Kept with its conversation, so moving to another chat never leaves a form open there.
  const [editing, setEditing] = useState<{ conversationId: string | null; messageId: string } | null>(null);
  const editingId = editing?.conversationId === conversationId ? editing.messageId : null;
  const setEditingId = useCallback(
    (messageId: string | null) => setEditing(messageId ? { conversationId, messageId } : null),
    [conversationId],
  );
  const editLast = useCallback(() => {
    const last = busy ? undefined : lastEditableMessage(items);
    if (!last) return false;
    setEditingId(last.id);
    return true;
  }, [busy, items, setEditingId]);

  const { t } = useTranslation('chat');
  const switcher = useSwitchBranch(conversationId);
  const { mutate } = switcher;
  const switchBranch = useCallback(
    (messageId: string) =>
      mutate(messageId, {
        onError: (error) =>
          toast({ title: t('branch.switchFailed'), description: errorMessage(error), variant: 'destructive' }),
      }),
    [mutate, t],
  );
  return { editingId, setEditingId, editLast, switchBranch, switching: switcher.isPending };
}
