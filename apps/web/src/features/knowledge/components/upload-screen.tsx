import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { useCollections } from '../api/get-collections';
import { useDocuments } from '../api/get-documents';
import { useUploadDocuments } from '../api/upload-document';
import { useDocumentEvents } from '../hooks/use-document-events';
import { useErrorToast } from '../hooks/use-error-toast';
import { acceptAttribute, partitionFiles } from '../lib/file-rules';
import { MESSAGES } from '../lib/messages';
import { FileDropZone } from './file-drop-zone';
import { UploadRow, type UploadRequest } from './upload-row';

/** /upload: a drop zone and the real status of each upload (sent, then indexed live from the event stream). */
export function UploadScreen() {
  const { t } = useTranslation('knowledge');
  const collections = useCollections();
  const [chosenId, setChosenId] = useState('');
  const [requests, setRequests] = useState<UploadRequest[]>([]);
  const list = collections.data?.collections ?? [];
  const collectionId = chosenId || list[0]?.id || '';
  const documents = useDocuments(collectionId || null);
  useDocumentEvents();
  useErrorToast(collections.isError, MESSAGES.loadCollections);

  const update = (file: File, patch: Partial<UploadRequest>) =>
    setRequests((current) => current.map((r) => (r.file === file ? { ...r, ...patch } : r)));
  const upload = useUploadDocuments((file, outcome) =>
    outcome instanceof Error ? update(file, { error: outcome.message }) : update(file, { documentId: outcome.id }),
  );

  const onFiles = (files: File[]) => {
    const { accepted, skipped } = partitionFiles('uploadScreen', files);
    if (skipped.length)
      toast({
        ...MESSAGES.uploadFailed,
        description: t('upload.onlyScreenTypes'),
        variant: 'destructive',
      });
    if (!accepted.length) return;
    if (!collectionId) return void toast({ ...MESSAGES.noCollection, variant: 'destructive' });
    const fresh = accepted.map((file) => ({ file, collectionId, documentId: null, error: null }));
    setRequests((current) => [...fresh, ...current]);
    upload.mutate({ collectionId, files: accepted });
  };

  const byId = new Map((documents.data?.documents ?? []).map((d) => [d.id, d]));
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('uploadDocuments.title')}</h1>
      <div className="grid gap-2">
        <Label htmlFor="upload-target">{t('collection.label')}</Label>
        <select
          id="upload-target"
          className="h-9 rounded-md border bg-background px-3 text-sm"
          value={collectionId}
          onChange={(event) => setChosenId(event.target.value)}
          disabled={list.length === 0}
        >
          {list.length === 0 ? <option value="">{t('upload.createFirst')}</option> : null}
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <FileDropZone
        accept={acceptAttribute('uploadScreen')}
        onFiles={onFiles}
        disabled={!collectionId}
        hint={t('dropZone.screenHint')}
      />
      {requests.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('upload.list')}>
          {requests.map((request, index) => (
            <UploadRow
              key={`${request.file.name}-${requests.length - index}`}
              request={request}
              document={
                request.documentId && request.collectionId === collectionId ? byId.get(request.documentId) : undefined
              }
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
