import type { Conversation } from '@hearth/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { useRenameConversation } from '../api/organise';

const MAX_TITLE = 200;

/** Inline rename in the sidebar row: Enter (or leaving the field) saves, Escape cancels. */
export function RenameInput({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const rename = useRenameConversation();
  const [value, setValue] = useState(conversation.title);
  // Escape ends editing without saving; the blur that follows must not save either.
  const finished = useRef(false);

  const save = () => {
    if (finished.current) return;
    finished.current = true;
    const title = value.trim();
    if (!title || title === conversation.title) return onDone();
    rename.mutate(
      { id: conversation.id, title },
      {
        onSettled: onDone,
        onError: () => toast({ title: t('sidebar.renameFailed'), variant: 'destructive' }),
      },
    );
  };

  return (
    <input
      // Focus moves here when editing starts: the user asked for this field.
      autoFocus
      aria-label={t('sidebar.titleLabel')}
      value={value}
      maxLength={MAX_TITLE}
      disabled={rename.isPending}
      onChange={(event) => setValue(event.target.value)}
      onFocus={(event) => event.target.select()}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          save();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finished.current = true;
          onDone();
        }
      }}
      className="mx-1 w-0 min-w-0 flex-1 rounded border bg-background px-1 py-1 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    />
  );
}
