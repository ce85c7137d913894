import { RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/i18n';
import { useDeleteDocument } from '../api/delete-document';
import { useRetryDocument } from '../api/retry-document';
import type { KnowledgeDocument } from '../api/types';
import { fileExtension } from '../lib/file-rules';
import { formatBytes } from '../lib/format';
import { DocumentStatus } from './document-status';

/** One document in the grid: click the name to read its extracted text; a failed one can be retried or deleted. */
export function DocumentCard({ document, onOpen }: { document: KnowledgeDocument; onOpen: () => void }) {
  const { t } = useTranslation('knowledge');
  const remove = useDeleteDocument();
  const retry = useRetryDocument();
  const type = fileExtension(document.file_name).toUpperCase() || document.file_type;
  return (
    <article
      aria-label={document.file_name}
      data-testid="document-card"
      className="grid gap-2 rounded-lg border bg-card p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <button type="button" className="min-w-0 text-left font-medium break-all hover:underline" onClick={onOpen}>
          {document.file_name}
        </button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('document.delete', { name: document.file_name })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(document.id, {
              onError: (error) =>
                toast({ title: t('document.deleteFailed'), description: error.message, variant: 'destructive' }),
            })
          }
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {type} · {formatBytes(document.file_size)} · {formatDate(document.created_at)}
      </p>
      <DocumentStatus document={document} />
      {document.status === 'failed' ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          aria-label={t('document.retryLabel', { name: document.file_name })}
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(document.id, {
              onError: (error) =>
                toast({ title: t('document.retryFailed'), description: error.message, variant: 'destructive' }),
            })
          }
        >
          <RotateCcw aria-hidden />
          {t('document.retry')}
        </Button>
      ) : null}
    </article>
  );
}
