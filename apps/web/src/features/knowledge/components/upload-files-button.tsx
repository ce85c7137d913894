import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useUploadDocuments } from '../api/upload-document';
import { acceptAttribute, partitionFiles } from '../lib/file-rules';
import { MESSAGES } from '../lib/messages';

/** Knowledge Base 'Upload Files': the picked files go up one at a time, in order. */
export function UploadFilesButton({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation('knowledge');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocuments();

  const onPick = (list: FileList | null) => {
    const { accepted, skipped } = partitionFiles('knowledgeBase', [...(list ?? [])]);
    if (input.current) input.current.value = '';
    if (skipped.length)
      toast({
        ...MESSAGES.uploadFailed,
        description: t('upload.unsupported', { names: skipped.map((f) => f.name).join(', ') }),
        variant: 'destructive',
      });
    if (!accepted.length) return;
    upload.mutate(
      { collectionId, files: accepted },
      {
        onSuccess: ({ failed }) => {
          const first = failed[0];
          if (!first) return;
          const reason = first.error instanceof Error ? first.error.message : '';
          toast({ ...MESSAGES.uploadFailed, description: `${first.file.name}: ${reason}`, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptAttribute('knowledgeBase')}
        data-testid="knowledge-file-input"
        onChange={(event) => onPick(event.target.files)}
      />
      <Button size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
        <Upload aria-hidden /> {upload.isPending ? t('uploading') : t('upload.files')}
      </Button>
    </>
  );
}
