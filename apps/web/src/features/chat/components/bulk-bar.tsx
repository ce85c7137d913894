import type { Conversation, ConversationList } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { useBulkConversations } from '../api/organise';
import { useDeleteWithUndo, useHiddenConversations } from '../hooks/use-delete-with-undo';
import { MoveDialog } from './organise-dialogs';

interface BulkBarProps {
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  onDone: () => void;
}

/** Every chat the sidebar has loaded (recent, pinned, open folders): what "Select all" means. */
function useVisibleIds(): () => string[] {
  const queryClient = useQueryClient();
  const hidden = useHiddenConversations();
  return () => {
    const ids = new Set<string>();
    for (const [key, data] of queryClient.getQueriesData<{ pages: ConversationList[] }>({
      queryKey: ['chat', 'conversations'],
    })) {
      const section = (key[2] as { section?: string } | undefined)?.section;
      if (section === 'archived' || !data?.pages) continue;
      // Other lists may share the key prefix with another shape: only pages of conversations count.
      for (const page of data.pages) {
        if (Array.isArray(page.conversations)) page.conversations.forEach((c: Conversation) => ids.add(c.id));
      }
    }
    return [...ids].filter((id) => !hidden.has(id));
  };
}

/** Select mode's actions: archive, move or delete the ticked chats at once. */
export function BulkBar({ selected, onSelect, onDone }: BulkBarProps) {
  const { t } = useTranslation('chat');
  const bulk = useBulkConversations();
  const deleteWithUndo = useDeleteWithUndo();
  const visibleIds = useVisibleIds();
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const ids = [...selected];
  const count = ids.length;

  const run = (action: 'archive' | 'move', folderId?: string | null) =>
    bulk.mutate(
      { ids, action, folder_id: folderId },
      {
        onSuccess: ({ count: changed }) => {
          setDialog(null);
          toast({
            title: action === 'archive' ? t('bulk.archived', { count: changed }) : t('bulk.moved', { count: changed }),
          });
          onDone();
        },
        onError: () => toast({ title: t('bulk.failed'), variant: 'destructive' }),
      },
    );

  return (
    <div role="toolbar" aria-label={t('bulk.label')} className="flex flex-col gap-1 rounded-md border p-2 text-xs">
      <div className="flex items-center justify-between gap-2">
        <span aria-live="polite">{t('bulk.selected', { count })}</span>
        <Button variant="ghost" size="sm" onClick={() => onSelect(new Set(visibleIds()))}>
          {t('bulk.selectAll')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="outline" disabled={count === 0 || bulk.isPending} onClick={() => run('archive')}>
          {t('bulk.archive')}
        </Button>
        <Button size="sm" variant="outline" disabled={count === 0 || bulk.isPending} onClick={() => setDialog('move')}>
          {t('bulk.move')}
        </Button>
        <Button size="sm" variant="destructive" disabled={count === 0} onClick={() => setDialog('delete')}>
          {t('bulk.delete')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('bulk.cancel')}
        </Button>
      </div>
      <MoveDialog
        open={dialog === 'move'}
        onOpenChange={(next) => setDialog(next ? 'move' : null)}
        subject={t('bulk.subject', { count })}
        onMove={(folderId) => run('move', folderId)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(next) => setDialog(next ? 'delete' : null)}
        title={t('bulk.deleteTitle', { count })}
        description={t('bulk.deleteDescription')}
        confirmLabel={t('bulk.delete')}
        onConfirm={() => {
          setDialog(null);
          deleteWithUndo(ids);
          onDone();
        }}
      />
    </div>
  );
}
