import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCancelDownload } from '../api/cancel-download';
import { useCreateDownload } from '../api/create-download';
import { useDownloads } from '../api/get-downloads';
import { useDownloadEvents } from '../hooks/use-download-events';
import { DownloadRow } from './download-row';

/** Admins: GGUF files for the built-in runtime, by URL with an optional sha256; live progress and cancel. */
export function DownloadsCard() {
  const downloads = useDownloads();
  const create = useCreateDownload();
  const cancel = useCancelDownload();
  const { t } = useTranslation('models');
  useDownloadEvents();
  const [url, setUrl] = useState('');
  const [sha256, setSha256] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), sha256: sha256.trim() || undefined },
      {
        onSuccess: () => {
          setUrl('');
          setSha256('');
        },
        onError: (error) =>
          toast({ title: t('download.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  const list = downloads.data?.downloads ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('downloads.title')}</CardTitle>
        <CardDescription>{t('downloads.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_auto]">
          <Input
            aria-label={t('downloads.url')}
            type="url"
            placeholder="https://huggingface.co/.../resolve/main/model.Q4_K_M.gguf"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            required
          />
          <Button type="submit" disabled={create.isPending || !url.trim()} className="sm:row-span-2">
            <Download aria-hidden />
            {t('downloads.submit')}
          </Button>
          <Input
            aria-label={t('downloads.sha')}
            placeholder={t('downloads.shaPlaceholder')}
            value={sha256}
            onChange={(event) => setSha256(event.target.value)}
            pattern="[A-Fa-f0-9]{64}"
            title={t('downloads.shaTitle')}
          />
        </form>
        {list.length > 0 ? (
          <ul className="grid gap-2" aria-label={t('downloads.list')}>
            {list.map((download) => (
              <DownloadRow
                key={download.id}
                download={download}
                onCancel={(id) => cancel.mutate(id)}
                cancelling={cancel.isPending && cancel.variables === download.id}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('downloads.empty')}</p>
        )}
      </CardContent>
    </Card>
  );
}
