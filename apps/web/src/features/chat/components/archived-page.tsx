import type { Conversation } from '@hearth/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/i18n';
import { sectionQueryOptions, useOrganize } from '../api/organise';
import { useDeleteWithUndo, useHiddenConversations } from '../hooks/use-delete-with-undo';
import { DeleteConversationDialog } from './organise-dialogs';

/** The Archived Chats page (issue 17): archived chats, searchable by title, to restore or delete. */
export function ArchivedPage() {
  const { t } = useTranslation('chat');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const query = useInfiniteQuery(sectionQueryOptions({ section: 'archived', q }));
  const hidden = useHiddenConversations();
  const conversations = useMemo(
    () => (query.data?.pages.flatMap((page) => page.conversations) ?? []).filter((c) => !hidden.has(c.id)),
    [query.data, hidden],
  );

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <Archive className="size-5 text-muted-foreground" aria-hidden />
        <h1 className="text-xl font-semibold">{t('archived.title')}</h1>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span className="sr-only">{t('archived.search')}</span>
        <Input
          type="search"
          value={search}
          maxLength={200}
          placeholder={t('archived.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {query.isPending ? <p className="text-sm text-muted-foreground">{t('archived.loading')}</p> : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('archived.loadFailed')}
        </p>
      ) : null}
      {query.isSuccess && conversations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{q.trim() ? t('archived.noMatches') : t('archived.empty')}</p>
      ) : null}
      <ul className="flex flex-col divide-y rounded-md border" aria-label={t('archived.listLabel')}>
        {conversations.map((conversation) => (
          <ArchivedItem key={conversation.id} conversation={conversation} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('archived.showMore')}
        </Button>
      ) : null}
    </main>
  );
}

function ArchivedItem({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
  const organize = useOrganize();
  const deleteWithUndo = useDeleteWithUndo();
  const [confirming, setConfirming] = useState(false);
  const archived = formatDate(conversation.archived_at ?? null, { year: 'numeric', month: 'numeric', day: 'numeric' });
  return (
    <li data-testid="archived-row" className="flex min-w-0 items-center gap-2 px-3 py-2">
      <div className="min-w-0 flex-1">
        <Link
          to={paths.chat(conversation.id)}
          className="block truncate font-medium hover:underline"
          title={conversation.title}
        >
          {conversation.title}
        </Link>
        <p className="text-xs text-muted-foreground">{t('archived.archivedOn', { date: archived })}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('archived.restoreLabel', { title: conversation.title })}
        disabled={organize.isPending}
        onClick={() =>
          // mutateAsync: the row leaves the list (and unmounts) before mutate's own callbacks would run.
          organize.mutateAsync({ id: conversation.id, body: { archived: false } }).then(
            () => toast({ title: t('archived.restored') }),
            () => toast({ title: t('archived.restoreFailed'), variant: 'destructive' }),
          )
        }
      >
        <ArchiveRestore aria-hidden />
        <span className="hidden sm:inline">{t('archived.restore')}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('archived.deleteLabel', { title: conversation.title })}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <DeleteConversationDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={conversation.title}
        onConfirm={() => {
          setConfirming(false);
          deleteWithUndo([conversation.id]);
        }}
      />
    </li>
  );
}
