import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Progress } from '../../../components/ui/progress';
import type { KnowledgeDocument } from '../api/types';
import { percent } from '../lib/format';

const LABELS = {
  queued: 'document.status.queued',
  processing: 'document.status.processing',
  ready: 'document.status.ready',
  failed: 'document.status.failed',
} as const;

/** The status badge; a progress bar while queued or processing; the error when it failed. */
export function DocumentStatus({
  document,
}: {
  document: Pick<KnowledgeDocument, 'status' | 'progress' | 'error' | 'file_name'>;
}) {
  const { t } = useTranslation('knowledge');
  const busy = document.status === 'queued' || document.status === 'processing';
  return (
    <div className="grid gap-1">
      <Badge
        variant={document.status === 'failed' ? 'destructive' : document.status === 'ready' ? 'secondary' : 'outline'}
        className="w-fit"
        data-testid="document-status"
      >
        {t(LABELS[document.status])}
        {document.status === 'processing' ? ` ${percent(document.progress)}%` : ''}
      </Badge>
      {busy ? (
        <Progress
          value={document.status === 'queued' ? null : percent(document.progress)}
          label={t('document.indexing', { name: document.file_name })}
        />
      ) : null}
      {document.status === 'failed' && document.error ? (
        <p className="text-xs break-words text-destructive">{document.error}</p>
      ) : null}
    </div>
  );
}
