import type { StarterModel } from '@hearth/contract';
import { formatModelSizeGB } from '@hearth/contract';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateDownload } from '../api/create-download';

/** Starts the GGUF download of a built-in starter model; progress then arrives through /api/events. */
export function StarterDownloadButton({ starter, label }: { starter: StarterModel; label?: string }) {
  const create = useCreateDownload();
  if (starter.runtime !== 'builtin' || !starter.url) return null;
  const start = () => {
    create.mutate(
      { url: starter.url ?? '', file_name: starter.file_name ?? undefined, sha256: starter.sha256 ?? undefined },
      {
        onSuccess: () => toast({ title: 'Download started', description: `${starter.name} is downloading.` }),
        onError: (error) =>
          toast({ title: 'Download failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <Button size="sm" onClick={start} disabled={create.isPending}>
      <Download aria-hidden />
      {label ?? `Download ${starter.name}`} ({formatModelSizeGB(starter.size_bytes)})
    </Button>
  );
}
