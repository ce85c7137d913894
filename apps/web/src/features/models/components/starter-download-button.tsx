import type { StarterModel } from '@hearth/contract';
import { formatModelSizeGB } from '@hearth/contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateDownload } from '../api/create-download';

/** Starts the GGUF download of a built-in starter model; progress then arrives through /api/events. */
export function StarterDownloadButton({ starter, label }: { starter: StarterModel; label?: string }) {
  const create = useCreateDownload();
  const { t } = useTranslation('models');
  if (starter.runtime !== 'builtin' || !starter.url) return null;
  const start = () => {
    create.mutate(
      { url: starter.url ?? '', file_name: starter.file_name ?? undefined, sha256: starter.sha256 ?? undefined },
      {
        onSuccess: () =>
          toast({ title: t('starter.started'), description: t('starter.startedDescription', { name: starter.name }) }),
        onError: (error) =>
          toast({ title: t('download.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <Button size="sm" onClick={start} disabled={create.isPending}>
      <Download aria-hidden />
      {label ?? t('starter.download', { name: starter.name })} ({formatModelSizeGB(starter.size_bytes)})
    </Button>
  );
}
