import { FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import type { PendingFile } from '../hooks/use-composer-files';
import { formatFileSize } from '../lib/format-file-size';

/** Image previews and file chips for the files waiting to go with the next message. */
export function PendingFiles({ files, onRemove }: { files: PendingFile[]; onRemove: (localId: string) => void }) {
  const { t } = useTranslation('chat');
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-1 pb-2" aria-label={t('files.attached')}>
      {files.map((file) => (
        <li
          key={file.localId}
          data-testid="pending-file"
          data-status={file.status}
          className="relative flex items-center gap-2 rounded-md border bg-muted/50 p-1 pr-7 text-xs"
        >
          {file.previewUrl ? (
            <img src={file.previewUrl} alt={file.name} className="size-12 rounded object-cover" />
          ) : (
            <FileText className="size-5 text-muted-foreground" aria-hidden />
          )}
          <span className="grid max-w-40">
            <span className="truncate font-medium">{file.name}</span>
            <span className="text-muted-foreground">{formatFileSize(file.size)}</span>
          </span>
          {file.status === 'uploading' ? <Spinner label={t('files.uploading', { name: file.name })} /> : null}
          <button
            type="button"
            aria-label={t('files.remove', { name: file.name })}
            onClick={() => onRemove(file.localId)}
            className="absolute top-1 right-1 rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
