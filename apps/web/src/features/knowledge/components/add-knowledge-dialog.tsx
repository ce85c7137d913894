import { Plus } from 'lucide-react';
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
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { useCreateCollection } from '../api/create-collection';
import { useUploadDocuments } from '../api/upload-document';
import { useWorkspaceFiles } from '../hooks/use-workspace-files';
import { acceptAttribute } from '../lib/file-rules';
import { MESSAGES, uploadedMessage } from '../lib/messages';
import { FileDropZone } from './file-drop-zone';
import { FileList } from './file-list';

/** Workspace 'Add Knowledge': a new collection and its first files in one step. */
export function AddKnowledgeDialog() {
  const { t } = useTranslation('knowledge');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const files = useWorkspaceFiles();
  const create = useCreateCollection();
  const upload = useUploadDocuments();
  const busy = create.isPending || upload.isPending;

  const submit = async () => {
    try {
      const collection = await create.mutateAsync({ name: name.trim(), description: description.trim() || undefined });
      const result = await upload.mutateAsync({ collectionId: collection.id, files: files.files });
      if (result.failed.length) return void toast({ ...MESSAGES.workspaceUploadFailed, variant: 'destructive' });
      toast(uploadedMessage(result.uploaded.length));
      setName('');
      setDescription('');
      files.clear();
      setOpen(false);
    } catch (error) {
      const description = error instanceof Error ? error.message : undefined;
      toast({ ...MESSAGES.createCollection, description, variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden /> {t('addKnowledge.title')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('addKnowledge.title')}</DialogTitle>
          <DialogDescription>{t('addKnowledge.description')}</DialogDescription>
        </DialogHeader>
        <TextField label={t('collection.name')} value={name} onValueChange={setName} disabled={busy} maxLength={200} />
        <TextField
          label={t('collection.description')}
          hint={t('collection.optional')}
          value={description}
          onValueChange={setDescription}
          disabled={busy}
        />
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
          <Button onClick={() => void submit()} disabled={!name.trim() || files.files.length === 0 || busy}>
            {busy ? t('uploading') : t('addKnowledge.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
