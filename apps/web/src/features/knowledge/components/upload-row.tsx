import { CheckCircle2, FileText, Loader2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Progress } from '../../../components/ui/progress';
import type { KnowledgeDocument } from '../api/types';
import { formatBytes } from '../lib/format';
import { uploadRowView } from '../lib/upload-status';

export interface UploadRequest {
  file: File;
  collectionId: string;
  documentId: string | null;
  error: string | null;
}

const LABELS = {
  uploading: 'upload.status.uploading',
  processing: 'upload.status.processing',
  completed: 'upload.status.completed',
  error: 'upload.status.error',
} as const;

export function UploadRow({ request, document }: { request: UploadRequest; document: KnowledgeDocument | undefined }) {
  const { t } = useTranslation('knowledge');
  const view = uploadRowView(request, document);
  const Icon =
    view.status === 'completed'
      ? CheckCircle2
      : view.status === 'error'
        ? XCircle
        : view.status === 'uploading'
          ? Loader2
          : FileText;
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="upload-row">
      <div className="flex items-center gap-2">
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium">{request.file.name}</span>
        <span className="text-xs text-muted-foreground">{formatBytes(request.file.size)}</span>
        <span className="text-xs font-medium" data-testid="upload-status">
          {t(LABELS[view.status])}
          {view.progress !== null ? ` ${view.progress}%` : ''}
        </span>
      </div>
      {view.status === 'uploading' ? (
        <Progress value={null} label={t('upload.uploadingFile', { name: request.file.name })} />
      ) : null}
      {view.progress !== null ? (
        <Progress value={view.progress} label={t('upload.processingFile', { name: request.file.name })} />
      ) : null}
      {view.error ? <p className="text-xs break-words text-destructive">{view.error}</p> : null}
    </li>
  );
}
