import { Search } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCollections } from '../api/get-collections';
import { useDocumentEvents } from '../hooks/use-document-events';
import { useErrorToast } from '../hooks/use-error-toast';
import { MESSAGES } from '../lib/messages';
import { AddKnowledgeDialog } from './add-knowledge-dialog';
import { CollectionCard } from './collection-card';
import { UploadDocumentsDialog } from './upload-documents-dialog';

/** The Workspace Knowledge tab. Unlike the spec's inert box, the search here filters (on the server). */
export function WorkspaceKnowledge() {
  const { t } = useTranslation('knowledge');
  const [q, setQ] = useState('');
  const all = useCollections();
  const shown = useCollections(q);
  useDocumentEvents();
  useErrorToast(all.isError, MESSAGES.loadCollections);
  const list = shown.data?.collections ?? [];
  return (
    <section aria-label={t('workspace.label')} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label={t('workspace.search')}
            placeholder={t('workspace.search')}
            className="pl-8"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <UploadDocumentsDialog collections={all.data?.collections ?? []} />
        <AddKnowledgeDialog />
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="workspace.browse"
          components={{
            kb: <Link to={paths.knowledge} className="font-medium text-primary hover:underline" />,
            upload: <Link to={paths.upload} className="font-medium text-primary hover:underline" />,
          }}
        />
      </p>
      {shown.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          {q.trim() ? t('workspace.noMatch') : t('workspace.empty')}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((collection) => (
            <CollectionCard key={collection.id} collection={collection} />
          ))}
        </div>
      )}
    </section>
  );
}
