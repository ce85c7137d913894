import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useDocuments } from '../api/get-documents';
import type { KnowledgeCollection } from '../api/types';
import { useErrorToast } from '../hooks/use-error-toast';
import { describeCollection } from '../lib/format';
import { MESSAGES } from '../lib/messages';
import { DocumentCard } from './document-card';
import { DocumentViewer } from './document-viewer';
import { QualityReportCard } from './quality-report-card';
import { UploadFilesButton } from './upload-files-button';

/** The selected collection's document grid with its Upload Files button, and its retrieval quality card. */
export function CollectionDocuments({ collection }: { collection: KnowledgeCollection }) {
  const { t } = useTranslation('knowledge');
  const documents = useDocuments(collection.id);
  const [openId, setOpenId] = useState<string | null>(null);
  useErrorToast(documents.isError, MESSAGES.loadDocuments);
  const list = documents.data?.documents ?? [];
  return (
    <section aria-label={t('documents.label', { name: collection.name })} className="grid content-start gap-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{collection.name}</h2>
          <p className="text-sm text-muted-foreground">{describeCollection(collection.description)}</p>
        </div>
        <UploadFilesButton collectionId={collection.id} />
      </header>
      {documents.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t('documents.empty')}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((document) => (
            <DocumentCard key={document.id} document={document} onOpen={() => setOpenId(document.id)} />
          ))}
        </div>
      )}
      {list.length > 0 ? <QualityReportCard collectionId={collection.id} /> : null}
      <DocumentViewer id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
