import type { EmbeddingSettingsResponse } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useEmbeddingSettings, useSetEmbeddingModel } from '../api/embedding-model';

const NONE = '';

const STORE = {
  'sqlite-vec': 'embedding.store.sqliteVec',
  pgvector: 'embedding.store.pgvector',
  'exact-js': 'embedding.store.exactJs',
} as const satisfies Record<EmbeddingSettingsResponse['vector_store'], string>;

/** What the re-embedding of the own collections has left, e.g. "Re-embedding 120/800 chunks". */
function progressLabel(data: EmbeddingSettingsResponse, t: TFunction<'models'>): string | null {
  if (!data.active) return null;
  const total = data.collections.reduce((sum, item) => sum + item.total_chunks, 0);
  const done = data.collections.reduce((sum, item) => sum + item.embedded_chunks, 0);
  if (total === 0) return t('embedding.nothingToEmbed');
  return done < total ? t('embedding.reembedding', { done, total }) : t('embedding.allEmbedded', { total });
}

/** Admins: the instance's embedding model. With one, knowledge search fuses keyword and meaning matches. */
export function EmbeddingModelCard() {
  const settings = useEmbeddingSettings();
  const save = useSetEmbeddingModel();
  const { t } = useTranslation('models');
  const selectId = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const data = settings.data;
  const current = data?.active?.id ?? NONE;
  const value = choice ?? current;
  const embeddingOptions = data?.available.filter((option) => option.embedding) ?? [];
  const otherOptions = data?.available.filter((option) => !option.embedding) ?? [];
  const failures = data?.collections.filter((item) => item.error) ?? [];

  const apply = () =>
    save.mutate(
      { model: value === NONE ? null : value },
      {
        onSuccess: (result) => {
          setChoice(null);
          toast({
            title: t('embedding.saved'),
            description: result.active
              ? t('embedding.savedWith', { id: result.active.id, dims: result.active.dims })
              : t('embedding.savedNone'),
          });
        },
        onError: (error) =>
          toast({ title: t('embedding.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('embedding.title')}</CardTitle>
        <CardDescription>{t('embedding.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {settings.isPending ? <p className="text-muted-foreground">{t('loading')}</p> : null}
        {settings.isError ? (
          <p role="alert">{t('embedding.loadError', { message: errorMessage(settings.error) })}</p>
        ) : null}
        {data ? (
          <>
            <p>
              {t('embedding.active')}{' '}
              <span className="font-medium">
                {data.active
                  ? t('embedding.activeModel', { id: data.active.id, dims: data.active.dims })
                  : t('embedding.activeNone')}
              </span>
              <span className="text-muted-foreground">
                {' '}
                · {t('embedding.vectors', { store: t(STORE[data.vector_store]) })}
              </span>
            </p>
            <p className="text-muted-foreground" aria-live="polite">
              {progressLabel(data, t)}
            </p>
            {failures.length > 0 ? (
              <p role="alert" className="text-destructive">
                {t('embedding.failures', { count: failures.length, error: failures[0]?.error ?? '' })}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={selectId} className="font-medium">
                {t('embedding.model')}
              </label>
              <select
                id={selectId}
                value={value}
                onChange={(event) => setChoice(event.target.value)}
                className="h-9 min-w-64 rounded-md border bg-background px-2 text-sm"
              >
                <option value={NONE}>{t('embedding.none')}</option>
                {embeddingOptions.length > 0 ? (
                  <optgroup label={t('embedding.embeddingModels')}>
                    {embeddingOptions.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name} · {option.provider.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {otherOptions.length > 0 ? (
                  <optgroup label={t('embedding.otherModels')}>
                    {otherOptions.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name} · {option.provider.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
              <Button size="sm" onClick={apply} disabled={value === current || save.isPending}>
                {save.isPending ? t('embedding.checking') : t('embedding.use')}
              </Button>
            </div>
            {embeddingOptions.length === 0 ? (
              <p className="text-muted-foreground">{t('embedding.noneInstalled')}</p>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
