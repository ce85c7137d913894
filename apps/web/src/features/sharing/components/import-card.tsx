import type { ImportResult } from '@hearth/contract';
import { IMPORT_MAX_BYTES } from '@hearth/contract';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useImportConversations } from '../api/shares';

/** Settings → Import chats: a ChatGPT conversations.json or an Open WebUI export becomes chats here. */
export function ImportCard() {
  const { t } = useTranslation('sharing');
  const importer = useImportConversations();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [tooLarge, setTooLarge] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setResult(null);
    importer.reset();
    setTooLarge(file.size > IMPORT_MAX_BYTES);
    if (file.size > IMPORT_MAX_BYTES) return;
    importer.mutate(file, { onSuccess: setResult });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('import.title')}</CardTitle>
        <CardDescription>{t('import.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            onChange={onFile}
            aria-label={t('import.chooseFileLabel')}
          />
          <Button variant="outline" disabled={importer.isPending} onClick={() => input.current?.click()}>
            <Upload aria-hidden />
            {importer.isPending ? t('import.importing') : t('import.chooseFile')}
          </Button>
        </div>
        {tooLarge ? (
          <p role="alert" className="text-sm text-destructive">
            {t('import.tooLarge')}
          </p>
        ) : null}
        {importer.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(importer.error)}
          </p>
        ) : null}
        {result ? <ImportSummary result={result} /> : null}
      </CardContent>
    </Card>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation('sharing');
  const from = result.source === 'chatgpt' ? 'ChatGPT' : 'Open WebUI';
  return (
    <div role="status" className="grid gap-2 text-sm">
      <p className="font-medium">{t('import.imported', { count: result.imported, from })}</p>
      {result.conversations.length > 0 ? (
        <ul className="grid max-h-48 gap-1 overflow-y-auto">
          {result.conversations.map((conversation) => (
            <li key={conversation.id} className="truncate">
              <Link to={paths.chat(conversation.id)} className="text-primary underline-offset-4 hover:underline">
                {conversation.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {result.skipped.length > 0 ? (
        <div>
          <p className="text-muted-foreground">{t('import.skipped', { n: result.skipped.length })}</p>
          <ul className="grid max-h-32 list-disc gap-1 overflow-y-auto pl-5 text-muted-foreground">
            {result.skipped.map((skipped, index) => (
              <li key={`${index}:${skipped.title}`}>
                {t('import.skippedItem', { title: skipped.title, reason: skipped.reason })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
