import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { useUploadDocuments } from '../api/upload-document';
import type { KnowledgeCollection } from '../api/types';
import { useWorkspaceFiles } from '../hooks/use-workspace-files';
import { acceptAttribute } from '../lib/file-rules';
import { checkWorkspaceUpload, MESSAGES, uploadedMessage } from '../lib/messages';
import { FileDropZone } from './file-drop-zone';
import { FileList } from './file-list';

/** Workspace 'Upload Documents': files into an existing collection. */
export function UploadDocumentsDialog({ collections }: { collections: KnowledgeCollection[] }) {
  const { t } = useTranslation('knowledge');
  const [open, setOpen] = useState(false);
  const [collectionId, setCollectionId] = useState('');
  const files = useWorkspaceFiles();
  const upload = useUploadDocuments();
  const busy = upload.isPending;

  const submit = () => {
    const refusal = checkWorkspaceUpload(collectionId, files.files.length);
    if (refusal) return void toast(refusal);
    upload.mutate(
      { collectionId, files: files.files },
      {
        onSuccess: (result) => {
          if (result.failed.length) return void toast({ ...MESSAGES.workspaceUploadFailed, variant: 'destructive' });
          toast(uploadedMessage(result.uploaded.length));
          files.clear();
          setOpen(false);
        },
        onError: () => toast({ ...MESSAGES.workspaceUploadFailed, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={collections.length === 0}>
          <Upload aria-hidden /> {t('uploadDocuments.title')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('uploadDocuments.title')}</DialogTitle>
          <DialogDescription>{t('uploadDocuments.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="upload-collection">{t('collection.label')}</Label>
          <select
            id="upload-collection"
            className="h-9 rounded-md border bg-background px-3 text-sm"
            value={collectionId}
            disabled={busy}
            onChange={(event) => setCollectionId(event.target.value)}
          >
            <option value="">{t('uploadDocuments.select')}</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <FileDropZone
          accept={acceptAttribute('workspace')}
          onFiles={files.add}
          disabled={busy}
          hint={t('dropZone.workspaceHint')}
        />
        <FileList files={files.files} onRemove={files.remove} disabled={busy} />
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} disabled={busy}>
            {busy ? t('uploading') : t('uploadDocuments.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
