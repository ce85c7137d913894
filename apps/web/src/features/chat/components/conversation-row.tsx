import type { Conversation } from '@hearth/contract';
import { MoreHorizontal, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
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

/** A conversation in the sidebar: select it, or delete it from its menu (spec §8's toasts). */
export function ConversationRow({ conversation, active, onNavigate }: ConversationRowProps) {
  const navigate = useNavigate();
  const remove = useDeleteConversation();

  const open = () => {
    onNavigate?.();
    void navigate(paths.chat(conversation.id));
  };
  const onDelete = () => {
    remove.mutate(conversation.id, {
      onSuccess: () => {
        toast({ title: 'Conversation deleted successfully.' });
        if (active) void navigate(paths.home, { replace: true });
      },
      onError: () => toast({ title: 'Failed to delete conversation. Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <li
      data-testid="conversation-row"
      className={cn(
        'group flex items-center rounded-md text-sm hover:bg-sidebar-accent',
        active && 'bg-sidebar-accent font-medium',
        remove.isPending && 'opacity-50',
      )}
    >
      <button
        type="button"
        onClick={open}
        aria-current={active ? 'page' : undefined}
        className="min-w-0 flex-1 truncate px-2 py-1.5 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        title={conversation.title}
      >
        {conversation.title}
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Options for ${conversation.title}`}
          className="mr-1 rounded p-1 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-32">
          <DropdownMenuItem onSelect={onDelete} disabled={remove.isPending} className="text-destructive">
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
