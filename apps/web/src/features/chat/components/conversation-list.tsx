import { useEffect, useMemo, useRef } from 'react';
import { useMatch } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useConversations } from '../api/get-conversations';
import { groupConversations } from '../lib/group-conversations';
import { ConversationRow } from './conversation-row';

const Note = ({ children }: { children: string }) => (
  <p className="px-2 py-1 text-sm text-muted-foreground">{children}</p>
);

/**
 * The sidebar's Chats list (spec §2): grouped Today / Yesterday / Older, newest first, paged in as the user
 * scrolls, so thousands of conversations cost only what is shown.
 */
export function ConversationList({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const query = useConversations(signedIn);
  const match = useMatch(paths.chatPattern);
  const activeId = match?.params.conversationId ?? null;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const conversations = useMemo(() => query.data?.pages.flatMap((page) => page.conversations) ?? [], [query.data]);
  const groups = useMemo(() => groupConversations(conversations), [conversations]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!signedIn) return <Note>Please log in to view your chats</Note>;
  if (query.isPending) return <Note>Loading...</Note>;
  if (query.isError && conversations.length === 0) return <Note>Could not load your chats.</Note>;
  if (conversations.length === 0) return <Note>No conversations yet</Note>;

  return (
    <div data-testid="conversation-list">
      {groups.map((group) => (
        <div key={group.label} role="group" aria-label={group.label} className="pb-2">
          <h3 className="px-2 pt-2 pb-1 text-xs text-muted-foreground">{group.label}</h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
            {group.conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </div>
      ))}
      <div ref={sentinel} className="h-1" />
      {isFetchingNextPage ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading more conversations" />
        </div>
      ) : null}
    </div>
  );
}
