import type { Provider } from '@hearth/contract';
import { Download, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { formatNumber } from '../../../lib/i18n';
import type { usePullModel } from '../api/pull-model';

interface PullModelCardProps {
  pull: ReturnType<typeof usePullModel>;
  ollamaProviders: Provider[];
}

/** Admins: pull an Ollama model by name, with Ollama's own progress streamed live and a Cancel. */
export function PullModelCard({ pull, ollamaProviders }: PullModelCardProps) {
  const { t } = useTranslation('models');
  const [name, setName] = useState('');
  const [providerId, setProviderId] = useState('');
  const { state } = pull;
  const pulling = state.phase === 'pulling';
  const connected = ollamaProviders.filter((provider) => provider.connected);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void pull.start({ name: name.trim(), provider_id: providerId || undefined });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('pull.title')}</CardTitle>
        <CardDescription>{connected.length > 0 ? t('pull.description') : t('pull.noRuntime')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form onSubmit={submit} className="flex flex-wrap gap-2">
          <Input
            aria-label={t('pull.name')}
            placeholder="llama3.1:8b"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="min-w-48 flex-1"
            disabled={pulling}
          />
          {connected.length > 1 ? (
            <select
              aria-label={t('pull.runtime')}
              value={providerId}
              onChange={(event) => setProviderId(event.target.value)}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              <option value="">{t('pull.anyRuntime')}</option>
              {connected.map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {provider.name}
                </option>
              ))}
            </select>
          ) : null}
          <Button type="submit" disabled={pulling || !name.trim() || connected.length === 0}>
            <Download aria-hidden />
            {t('pull.submit')}
          </Button>
        </form>
        <PullStatus pull={pull} />
      </CardContent>
    </Card>
  );
}

function PullStatus({ pull }: { pull: ReturnType<typeof usePullModel> }) {
  const { t } = useTranslation('models');
  const { state } = pull;
  if (state.phase === 'idle') return null;
  if (state.phase === 'pulling') {
    const progress = state.progress;
    return (
      <div className="grid gap-2" data-testid="pull-progress">
        <div className="flex items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate">
            {state.name}: {progress?.status ?? t('pull.starting')}
            {progress && progress.percent !== null
              ? ` ${t('percent', { percent: formatNumber(progress.percent, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}`
              : ''}
          </span>
          <Button size="sm" variant="ghost" onClick={pull.cancel}>
            <X aria-hidden />
            {t('cancel')}
          </Button>
        </div>
        <Progress value={progress?.percent ?? null} label={t('pull.progressLabel', { name: state.name })} />
      </div>
    );
  }
  const text =
    state.phase === 'done'
      ? t('pull.done', { name: state.name })
      : state.phase === 'cancelled'
        ? t('pull.cancelled', { name: state.name })
        : t('pull.failed', { name: state.name, message: state.message });
  return (
    <p className={state.phase === 'error' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'} role="status">
      {text}
    </p>
  );
}
