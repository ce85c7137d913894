import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useCollections } from '../api/get-collections';
import { useDocumentEvents } from '../hooks/use-document-events';
import { useErrorToast } from '../hooks/use-error-toast';
import { MESSAGES } from '../lib/messages';
import { CollectionCard } from './collection-card';
import { CollectionDocuments } from './collection-documents';
import { NewCollectionDialog } from './new-collection-dialog';
import { ScrapeDialog } from './scrape-dialog';

/** /knowledge: collections on the left (searched on the server), the selected one's documents on the right. */
export function KnowledgeScreen() {
  const { t } = useTranslation('knowledge');
  const [q, setQ] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const collections = useCollections(q);
  useDocumentEvents();
  useErrorToast(collections.isError, MESSAGES.loadCollections);
  const list = collections.data?.collections ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? list[0] ?? null;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{t('screen.title')}</h1>
        <div className="flex gap-2">
          <ScrapeDialog defaultCollectionId={selected?.id} />
          <NewCollectionDialog onCreated={(collection) => setSelectedId(collection.id)} />
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
        <aside className="grid content-start gap-3">
          <div className="relative">
            <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
            <Input
              aria-label={t('screen.search')}
              placeholder={t('screen.search')}
              className="pl-8"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
          {collections.isPending ? (
            <Spinner />
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{q.trim() ? t('screen.noMatch') : t('screen.empty')}</p>
          ) : (
            list.map((collection) => (
              <CollectionCard
                key={collection.id}
                collection={collection}
                selected={collection.id === selected?.id}
                onSelect={() => setSelectedId(collection.id)}
                onDeleted={() => setSelectedId(null)}
              />
            ))
          )}
        </aside>
        {selected ? (
          <CollectionDocuments key={selected.id} collection={selected} />
        ) : (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
            {t('screen.createFirst')}
          </p>
        )}
      </div>
    </div>
  );
}
