import type { EmbeddingSettingsResponse } from '@hearth/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useEmbeddingSettings, useSetEmbeddingModel } from '../api/embedding-model';

const NONE = '';

const STORE: Record<EmbeddingSettingsResponse['vector_store'], string> = {
  'sqlite-vec': 'sqlite-vec',
  pgvector: 'pgvector',
  'exact-js': 'exact search in the server (pgvector not installed)',
};

/** What the re-embedding of the own collections has left, e.g. "Re-embedding 120/800 chunks". */
function progressLabel(data: EmbeddingSettingsResponse): string | null {
  if (!data.active) return null;
  const total = data.collections.reduce((sum, item) => sum + item.total_chunks, 0);
  const done = data.collections.reduce((sum, item) => sum + item.embedded_chunks, 0);
  if (total === 0) return 'No documents to embed yet.';
  return done < total ? `Re-embedding ${done}/${total} chunks` : `All ${total} chunks embedded.`;
}

/** Admins: the instance's embedding model. With one, knowledge search fuses keyword and meaning matches. */
export function EmbeddingModelCard() {
  const settings = useEmbeddingSettings();
  const save = useSetEmbeddingModel();
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
            title: 'Embedding model saved',
            description: result.active
              ? `Collections are being embedded with ${result.active.id} (${result.active.dims} dimensions).`
              : 'Knowledge search uses keywords only.',
          });
        },
        onError: (error) =>
          toast({ title: 'Could not use this model', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Embedding model</CardTitle>
        <CardDescription>
          With an embedding model, knowledge search also finds passages that mean the same thing in other words.
          Changing it re-embeds every collection.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {settings.isPending ? <p className="text-muted-foreground">Loading...</p> : null}
        {settings.isError ? (
          <p role="alert">Could not load the embedding settings: {errorMessage(settings.error)}</p>
        ) : null}
        {data ? (
          <>
            <p>
              Active:{' '}
              <span className="font-medium">
                {data.active ? `${data.active.id} (${data.active.dims} dimensions)` : 'none, keyword search only'}
              </span>
              <span className="text-muted-foreground"> · vectors: {STORE[data.vector_store]}</span>
            </p>
            <p className="text-muted-foreground" aria-live="polite">
              {progressLabel(data)}
            </p>
            {failures.length > 0 ? (
              <p role="alert" className="text-destructive">
                {failures.length === 1 ? '1 collection' : `${failures.length} collections`} could not be embedded yet
                (retrying; keyword search still works): {failures[0]?.error}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={selectId} className="font-medium">
                Model
              </label>
              <select
                id={selectId}
                value={value}
                onChange={(event) => setChoice(event.target.value)}
                className="h-9 min-w-64 rounded-md border bg-background px-2 text-sm"
              >
                <option value={NONE}>None (keyword search only)</option>
                {embeddingOptions.length > 0 ? (
                  <optgroup label="Embedding models">
                    {embeddingOptions.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name} · {option.provider.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {otherOptions.length > 0 ? (
                  <optgroup label="Other models (if they can embed)">
                    {otherOptions.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name} · {option.provider.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
              <Button size="sm" onClick={apply} disabled={value === current || save.isPending}>
                {save.isPending ? 'Checking the model...' : 'Use this model'}
              </Button>
            </div>
            {embeddingOptions.length === 0 ? (
              <p className="text-muted-foreground">
                No embedding model is installed. Pull one into Ollama (for example nomic-embed-text), download the
                recommended GGUF embedding model above, or add an OpenAI-compatible runtime that serves one.
              </p>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
