import type { InstalledModel } from '@hearth/contract';
import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useModels } from '../api/get-models';
import { useProviders } from '../api/get-providers';
import { usePullModel } from '../api/pull-model';
import { useModelSelection } from '../hooks/use-model-selection';
import { useModelVisibility } from '../hooks/use-model-visibility';
import { ConnectionIndicator } from './connection-badge';
import { DeleteModelDialog } from './delete-model-dialog';
import { DiscoverModelsDialog } from './discover-models-dialog';
import { DownloadsCard } from './downloads-card';
import { FirstRunPrompt } from './first-run-prompt';
import { InstalledModelRow } from './installed-model-row';
import { EmbeddingModelCard } from './embedding-model-card';
import { ProvidersCard } from './providers-card';
import { PullModelCard } from './pull-model-card';

/** Admin spec §4: auto-detect polls every 5 s while on (and connected). */
const AUTO_DETECT_MS = 5000;

/** The AI Models screen: installed models across runtimes, and (admins) getting models and managing runtimes. */
export function ModelsScreen({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const { t } = useTranslation('models');
  const selection = useModelSelection();
  const [autoDetect, setAutoDetect] = useState(false);
  const models = useModels(autoDetect && selection.connected ? AUTO_DETECT_MS : undefined);
  const providers = useProviders(isAdmin);
  const pull = usePullModel();
  const visibility = useModelVisibility(isAdmin);
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<InstalledModel | null>(null);

  const all = selection.connected ? (models.data?.models ?? []) : [];
  const needle = query.trim().toLowerCase();
  const shown = all.filter((model) => `${model.name} ${model.provider.name}`.toLowerCase().includes(needle));
  const ollama = (providers.data?.providers ?? []).filter((provider) => provider.kind === 'ollama');
  const canPull = isAdmin && ollama.some((provider) => provider.connected);

  const use = (model: InstalledModel) => {
    selection.select(model.name);
    toast({ title: t('screen.selected'), description: t('screen.selectedDescription', { name: model.name }) });
    void navigate(paths.home);
  };

  return (
    <div className="grid gap-6" data-testid="models-screen">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold">{t('screen.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('screen.description')}</p>
        </div>
        <ConnectionIndicator badge={selection.badge} connected={selection.connected} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label={t('screen.search')}
            placeholder={t('screen.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-8"
          />
        </div>
        <Button variant="outline" onClick={() => void selection.retry()} disabled={selection.isRefreshing}>
          <RefreshCw className={selection.isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          {t('screen.refresh')}
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            role="switch"
            checked={autoDetect}
            onChange={(event) => setAutoDetect(event.target.checked)}
            className="size-4 accent-primary"
          />
          {t('screen.autoDetect')}
        </label>
        <DiscoverModelsDialog isAdmin={isAdmin} onPull={canPull ? (name) => void pull.start({ name }) : undefined} />
      </div>
      {selection.badge === 'disconnected' ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
          <p className="font-medium">{t('connection.badges.disconnected')}</p>
          <p className="mt-1 text-muted-foreground">
            {t('screen.disconnected')}
            {selection.error ? ` ${t('details', { error: selection.error })}` : ''}
          </p>
        </div>
      ) : null}
      <section aria-label={t('screen.installed')} className="grid gap-2">
        {selection.connected && models.isSuccess && all.length === 0 ? (
          <div className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <p className="mb-2 font-medium text-foreground">{t('screen.empty')}</p>
            <FirstRunPrompt isAdmin={isAdmin} />
          </div>
        ) : null}
        {all.length > 0 && shown.length === 0 ? <p className="text-sm text-muted-foreground">{t('noMatch')}</p> : null}
        <ul className="grid gap-2">
          {shown.map((model) => (
            <InstalledModelRow
              key={`${model.provider.id}/${model.name}`}
              model={model}
              inUse={model.name === selection.selected}
              canDelete={isAdmin}
              onUse={() => use(model)}
              onDelete={() => setDeleting(model)}
              visibility={visibility('model', model.name, model.name)}
            />
          ))}
        </ul>
      </section>
      {isAdmin ? (
        <>
          <PullModelCard pull={pull} ollamaProviders={ollama} />
          <DownloadsCard />
          <ProvidersCard
            providers={providers.data?.providers ?? []}
            loading={providers.isPending}
            visibility={(provider) => visibility('provider', provider.id, provider.name)}
          />
          <EmbeddingModelCard />
        </>
      ) : null}
      <DeleteModelDialog model={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
