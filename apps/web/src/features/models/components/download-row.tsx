import type { ModelDownload } from '@hearth/contract';
import { formatModelSizeGB } from '@hearth/contract';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { formatNumber } from '../../../lib/i18n';

const ACTIVE = new Set(['queued', 'downloading', 'verifying']);
/** The status badge in words (keys of the models namespace). */
const STATUS = {
  queued: 'download.status.queued',
  downloading: 'download.status.downloading',
  verifying: 'download.status.verifying',
  completed: 'download.status.completed',
  failed: 'download.status.failed',
  cancelled: 'download.status.cancelled',
} as const satisfies Record<ModelDownload['status'], string>;
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
export const isActiveDownload = (download: ModelDownload): boolean => ACTIVE.has(download.status);

interface DownloadRowProps {
  download: ModelDownload;
  onCancel?: (id: string) => void;
  cancelling?: boolean;
}

/** One GGUF download: name, status, a progress bar while it runs, the error when it failed. */
export function DownloadRow({ download, onCancel, cancelling = false }: DownloadRowProps) {
  const { t } = useTranslation('models');
  const active = isActiveDownload(download);
  const received = formatModelSizeGB(download.received_bytes);
  const total = download.total_bytes === null ? null : formatModelSizeGB(download.total_bytes);
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="download-row">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{download.file_name}</span>
        <Badge variant={download.status === 'failed' ? 'destructive' : active ? 'default' : 'secondary'}>
          {t(STATUS[download.status])}
        </Badge>
        {active && onCancel ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('download.cancelLabel', { name: download.file_name })}
            onClick={() => onCancel(download.id)}
            disabled={cancelling}
          >
            <X aria-hidden />
            {t('cancel')}
          </Button>
        ) : null}
      </div>
      {active ? (
        <>
          <Progress value={download.percent} label={t('download.progressLabel', { name: download.file_name })} />
          <span className="text-xs text-muted-foreground">
            {total ? t('download.receivedOf', { received, total }) : received}
            {download.percent !== null
              ? ` ${t('percent', { percent: formatNumber(download.percent, ONE_DECIMAL) })}`
              : ''}
          </span>
        </>
      ) : null}
      {download.error ? <p className="text-xs text-destructive">{download.error}</p> : null}
    </li>
  );
}
