import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CheckSquare } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useConversations } from '../api/get-conversations';
import { foldersQueryOptions, sectionQueryOptions } from '../api/organise';
import { useConversationEvents } from '../hooks/use-conversation-events';
import { useHiddenConversations } from '../hooks/use-delete-with-undo';
import { useGenerationEvents } from '../hooks/use-live-answers';
import { SelectionContext } from '../hooks/use-selection';
import { groupConversations } from '../lib/group-conversations';
import { BulkBar } from './bulk-bar';
import { ConversationRow } from './conversation-row';
import { ConversationSection } from './conversation-section';
import { FolderTree } from './folder-tree';

const Note = ({ children }: { children: string }) => (
  <p className="px-2 py-1 text-sm text-muted-foreground">{children}</p>
);

/**
 * The sidebar's Chats (spec §2, issue 17): Pinned on top, then Folders, then the recent chats grouped Today /
 * Yesterday / Older. Each is its own paged query, paged in as the user scrolls or opens a folder, so thousands
 * of conversations cost only what is shown. Select mode ticks rows for bulk archive / move / delete.
 */
export function ConversationList({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('chat');
  const groupLabels = { Today: t('groups.today'), Yesterday: t('groups.yesterday'), Older: t('groups.older') };
  const query = useConversations(signedIn);
  useConversationEvents(signedIn);
  // Live indicators on conversations whose answer is being written (issue 17).
  useGenerationEvents(signedIn);
  const match = useMatch(paths.chatPattern);
  const activeId = match?.params.conversationId ?? null;
  const sentinel = useRef<HTMLDivElement>(null);
  const hidden = useHiddenConversations();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const conversations = useMemo(
    () => (query.data?.pages.flatMap((page) => page.conversations) ?? []).filter((c) => !hidden.has(c.id)),
    [query.data, hidden],
  );
  const groups = useMemo(() => groupConversations(conversations), [conversations]);
  // Chats may all be pinned or in folders: then the recent list is empty but there are conversations.
  const folders = useQuery({ ...foldersQueryOptions(), enabled: signedIn });
  const pinned = useInfiniteQuery({ ...sectionQueryOptions({ section: 'pinned' }), enabled: signedIn });
  const organised = (folders.data?.folders.length ?? 0) > 0 || (pinned.data?.pages[0]?.conversations.length ?? 0) > 0;
  const selection = useMemo(
    () => ({
      active: selecting,
      selected,
      toggle: (id: string) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [selecting, selected],
  );

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!signedIn) return <Note>{t('sidebar.logInToView')}</Note>;

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  return (
    <SelectionContext.Provider value={selection}>
      <div data-testid="conversation-list">
        {selecting ? (
          <BulkBar selected={selected} onSelect={setSelected} onDone={stopSelecting} />
        ) : (
          <button
            type="button"
            onClick={() => setSelecting(true)}
            className="flex items-center gap-1 px-2 py-1 text-xs text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <CheckSquare className="size-3" aria-hidden />
            {t('sidebar.selectChats')}
          </button>
        )}
        <ConversationSection
          section={{ section: 'pinned' }}
          heading={t('sidebar.pinned')}
          activeId={activeId}
          onNavigate={onNavigate}
        />
        <FolderTree activeId={activeId} onNavigate={onNavigate} />
        {query.isPending ? <Note>{t('sidebar.loading')}</Note> : null}
        {query.isError && conversations.length === 0 ? <Note>{t('sidebar.loadFailed')}</Note> : null}
        {query.isSuccess && conversations.length === 0 && !organised ? <Note>{t('sidebar.empty')}</Note> : null}
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={groupLabels[group.label]} className="pb-2">
            <h3 className="px-2 pt-2 pb-1 text-xs text-muted-foreground">{groupLabels[group.label]}</h3>
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
            <Spinner label={t('sidebar.loadingMore')} />
          </div>
        ) : null}
      </div>
    </SelectionContext.Provider>
  );
}
