import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { type Section, sectionQueryOptions } from '../api/organise';
import { useHiddenConversations } from '../hooks/use-delete-with-undo';
import { ConversationRow } from './conversation-row';

interface ConversationSectionProps {
  section: Section;
  activeId: string | null;
  onNavigate?: () => void;
  /** Said when the section has no chats; nothing is shown when absent. */
  empty?: string;
  /** A heading shown only when the section has chats (e.g. Pinned). */
  heading?: string;
}

/** The chats of one sidebar section (pinned, or one folder): its own paged query, loaded only when shown. */
export function ConversationSection({ section, activeId, onNavigate, empty, heading }: ConversationSectionProps) {
  const { t } = useTranslation('chat');
  const query = useInfiniteQuery(sectionQueryOptions(section));
  const hidden = useHiddenConversations();
  const conversations = useMemo(
    () => (query.data?.pages.flatMap((page) => page.conversations) ?? []).filter((c) => !hidden.has(c.id)),
    [query.data, hidden],
  );
  if (query.isPending)
    return heading ? null : <p className="px-2 py-1 text-xs text-muted-foreground">{t('sidebar.loading')}</p>;
  if (query.isError) return <p className="px-2 py-1 text-xs text-destructive">{t('sidebar.sectionLoadFailed')}</p>;
  if (conversations.length === 0)
    return empty ? <p className="px-2 py-1 text-xs text-muted-foreground">{empty}</p> : null;
  return (
    <div role={heading ? 'group' : undefined} aria-label={heading} className={heading ? 'pb-2' : undefined}>
      {heading ? <h3 className="px-2 pt-2 pb-1 text-xs text-muted-foreground">{heading}</h3> : null}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
        {conversations.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            active={conversation.id === activeId}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-full text-xs"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('sidebar.showMore')}
        </Button>
      ) : null}
    </div>
  );
}
