import type { Conversation } from '@hearth/contract';
import { Archive, FolderInput, MoreHorizontal, Pencil, Pin, PinOff, Tags, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useShareMenu } from '../../sharing';
import { useOrganize } from '../api/organise';
import { useDeleteWithUndo } from '../hooks/use-delete-with-undo';
import { useSelection } from '../hooks/use-selection';
import { LiveIndicator } from './live-indicator';
import { DeleteConversationDialog, MoveDialog, TagsDialog } from './organise-dialogs';
import { RenameInput } from './rename-input';

/** The drag payload type: a chat dropped on a folder moves into it. */
export const CONVERSATION_DRAG_TYPE = 'application/x-hearth-conversation';

interface ConversationRowProps {
  conversation: Conversation;
  active: boolean;
  onNavigate?: () => void;
}

/**
 * A conversation in the sidebar: open it, rename it in place (double-click or the menu), and pin, move, tag,
 * archive or delete it from its menu. Deleting asks first and then offers Undo (hooks/use-delete-with-undo.ts).
 */
export function ConversationRow({ conversation, active, onNavigate }: ConversationRowProps) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const organize = useOrganize();
  const deleteWithUndo = useDeleteWithUndo();
  const selection = useSelection();
  const [dialog, setDialog] = useState<'delete' | 'move' | 'tags' | null>(null);
  const [renaming, setRenaming] = useState(false);
  // The menu gives focus back to its trigger as it closes; after Rename the field must keep it.
  const keepFocus = useRef(false);
  const pinned = Boolean(conversation.pinned_at);
  const tags = conversation.tags ?? [];
  const selected = selection.selected.has(conversation.id);
  // Share… and Export (issue 17 sharing).
  const shareMenu = useShareMenu(conversation.id);

  const open = () => {
    onNavigate?.();
    void navigate(paths.chat(conversation.id));
  };
  const change = (body: Parameters<typeof organize.mutate>[0]['body'], done: string) => {
    // mutateAsync, not mutate's callbacks: the row usually leaves its section (and unmounts) before they would run.
    organize.mutateAsync({ id: conversation.id, body }).then(
      () => {
        setDialog(null);
        toast({ title: done });
      },
      () => toast({ title: t('row.changeFailed'), variant: 'destructive' }),
    );
  };

  return (
    // min-w-0 lets the row shrink to the sidebar: without it a long title widens the row and pushes the menu out.
    <li
      data-testid="conversation-row"
      draggable={!renaming}
      onDragStart={(event) => {
        event.dataTransfer.setData(CONVERSATION_DRAG_TYPE, conversation.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      className={cn(
        'group flex min-w-0 items-center rounded-md text-sm hover:bg-sidebar-accent',
        active && 'bg-sidebar-accent font-medium',
        organize.isPending && 'opacity-50',
      )}
    >
      {selection.active ? (
        <input
          type="checkbox"
          className="ml-2 size-4 shrink-0 accent-primary"
          checked={selected}
          onChange={() => selection.toggle(conversation.id)}
          aria-label={t('row.select', { title: conversation.title })}
        />
      ) : null}
      {renaming ? (
        <RenameInput conversation={conversation} onDone={() => setRenaming(false)} />
      ) : (
        <button
          type="button"
          onClick={selection.active ? () => selection.toggle(conversation.id) : open}
          onDoubleClick={() => setRenaming(true)}
          aria-current={active ? 'page' : undefined}
          className="w-0 min-w-0 flex-1 truncate px-2 py-1.5 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          title={conversation.title}
        >
          {conversation.title}
        </button>
      )}
      <LiveIndicator conversation={conversation} />
      {tags.length > 0 && !renaming ? (
        <span
          className="max-w-16 shrink-0 truncate rounded bg-muted px-1 text-xs text-muted-foreground"
          title={tags.join(', ')}
          data-testid="conversation-tags"
        >
          #{tags[0]}
          {tags.length > 1 ? ` +${tags.length - 1}` : ''}
        </span>
      ) : null}
      <DropdownMenu>
        {/* Hidden until hover only where there is hover: touch screens always show it. */}
        <DropdownMenuTrigger
          aria-label={t('row.options', { title: conversation.title })}
          className="mr-1 shrink-0 rounded p-1 focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="min-w-36"
          onCloseAutoFocus={(event) => {
            if (keepFocus.current) event.preventDefault();
            keepFocus.current = false;
          }}
        >
          <DropdownMenuItem
            onSelect={() => {
              keepFocus.current = true;
              setRenaming(true);
            }}
          >
            <Pencil aria-hidden />
            {t('row.rename')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => change({ pinned: !pinned }, pinned ? t('row.unpinned') : t('row.pinned'))}>
            {pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
            {pinned ? t('row.unpin') : t('row.pin')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('move')}>
            <FolderInput aria-hidden />
            {t('row.moveTo')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('tags')}>
            <Tags aria-hidden />
            {t('row.tags')}
          </DropdownMenuItem>
          {shareMenu.items}
          <DropdownMenuItem onSelect={() => change({ archived: true }, t('row.archived'))}>
            <Archive aria-hidden />
            {t('row.archive')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog('delete')} className="text-destructive">
            <Trash2 aria-hidden />
            {t('row.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {shareMenu.dialog}
      <MoveDialog
        open={dialog === 'move'}
        onOpenChange={(next) => setDialog(next ? 'move' : null)}
        subject={conversation.title}
        current={conversation.folder_id ?? null}
        onMove={(folderId) => change({ folder_id: folderId }, folderId ? t('row.moved') : t('row.takenOut'))}
      />
      <TagsDialog
        open={dialog === 'tags'}
        onOpenChange={(next) => setDialog(next ? 'tags' : null)}
        title={conversation.title}
        tags={tags}
        pending={organize.isPending}
        onSave={(next) => change({ tags: next }, t('row.tagsSaved'))}
      />
      <DeleteConversationDialog
        open={dialog === 'delete'}
        onOpenChange={(next) => setDialog(next ? 'delete' : null)}
        title={conversation.title}
        onConfirm={() => {
          setDialog(null);
          deleteWithUndo([conversation.id]);
        }}
      />
    </li>
  );
}
