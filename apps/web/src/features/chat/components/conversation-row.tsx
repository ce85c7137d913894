import type { Conversation } from '@hearth/contract';
import { MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useDeleteConversation } from '../api/delete-conversation';

interface ConversationRowProps {
  conversation: Conversation;
  active: boolean;
  onNavigate?: () => void;
}

/**
 * A conversation in the sidebar: select it, or delete it from its menu (spec §8's toasts). The server deletes at
 * once, so there is no honest Undo: the delete is confirmed first.
 */
export function ConversationRow({ conversation, active, onNavigate }: ConversationRowProps) {
  const navigate = useNavigate();
  const remove = useDeleteConversation();
  const [confirming, setConfirming] = useState(false);

  const open = () => {
    onNavigate?.();
    void navigate(paths.chat(conversation.id));
  };
  const onDelete = () => {
    remove.mutate(conversation.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Conversation deleted successfully.' });
        if (active) void navigate(paths.home, { replace: true });
      },
      onError: () => {
        setConfirming(false);
        toast({ title: 'Failed to delete conversation. Please try again.', variant: 'destructive' });
      },
    });
  };

  return (
    // min-w-0 lets the row shrink to the sidebar: without it a long title widens the row and pushes the menu out.
    <li
      data-testid="conversation-row"
      className={cn(
        'group flex min-w-0 items-center rounded-md text-sm hover:bg-sidebar-accent',
        active && 'bg-sidebar-accent font-medium',
        remove.isPending && 'opacity-50',
      )}
    >
      <button
        type="button"
        onClick={open}
        aria-current={active ? 'page' : undefined}
        className="w-0 min-w-0 flex-1 truncate px-2 py-1.5 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        title={conversation.title}
      >
        {conversation.title}
      </button>
      <DropdownMenu>
        {/* Hidden until hover only where there is hover: touch screens always show it. */}
        <DropdownMenuTrigger
          aria-label={`Options for ${conversation.title}`}
          className="mr-1 shrink-0 rounded p-1 focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-32">
          <DropdownMenuItem
            onSelect={() => setConfirming(true)}
            disabled={remove.isPending}
            className="text-destructive"
          >
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete conversation?"
        description={
          <>
            <span className="break-all">&lsquo;{conversation.title}&rsquo;</span> and its messages will be deleted. This
            cannot be undone.
          </>
        }
        confirmLabel="Delete"
        onConfirm={onDelete}
        pending={remove.isPending}
      />
    </li>
  );
}
