import { MODEL_CATALOG, formatModelSizeGB } from '@hearth/contract';
import { Compass, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useStarters } from '../api/get-starters';
import { CatalogEntryCard } from './catalog-entry-card';
import { InstallGuideDialog } from './install-guide-dialog';
import { StarterDownloadButton } from './starter-download-button';

interface DiscoverModelsDialogProps {
  isAdmin: boolean;
  /** Set when an Ollama runtime is connected and the user may pull. */
  onPull?: (name: string) => void;
}

/** The catalogue: Hearth's starter models (built-in runtime) and well-known Ollama models, searchable. */
export function DiscoverModelsDialog({ isAdmin, onPull }: DiscoverModelsDialogProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [guide, setGuide] = useState<string | null>(null);
  const starters = useStarters(open);
  const { t } = useTranslation('models');
  const needle = query.trim().toLowerCase();
  const entries = MODEL_CATALOG.filter((entry) =>
    `${entry.displayName} ${entry.name} ${entry.description} ${entry.tags.join(' ')}`.toLowerCase().includes(needle),
  );
  const pull = onPull
    ? (name: string) => {
        setOpen(false);
        onPull(name);
      }
    : undefined;
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline">
            <Compass aria-hidden />
            {t('discover.title')}
          </Button>
        </DialogTrigger>
        <DialogContent className="flex max-h-[85svh] max-w-3xl flex-col">
          <DialogHeader>
            <DialogTitle>{t('discover.title')}</DialogTitle>
            <DialogDescription>{t('discover.description')}</DialogDescription>
          </DialogHeader>
          <div className="relative">
            <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
            <Input
              aria-label={t('discover.search')}
              placeholder={t('discover.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="pl-8"
            />
          </div>
          <div className="grid min-h-0 gap-4 overflow-y-auto pr-1">
            <section className="grid gap-2" aria-label={t('discover.starters')}>
              <h3 className="text-sm font-semibold">{t('discover.starters')}</h3>
              {(starters.data?.starters ?? []).map((starter) => (
                <div key={starter.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                  <span className="font-medium">
                    {starter.name} · {starter.purpose} · {formatModelSizeGB(starter.size_bytes)}
                  </span>
                  <span className="text-muted-foreground">{starter.description}</span>
                  {starter.note ? <span className="text-xs text-muted-foreground">{starter.note}</span> : null}
                  {isAdmin ? <StarterDownloadButton starter={starter} label={t('discover.download')} /> : null}
                  {isAdmin && starter.ollama_name && pull ? (
                    <Button size="sm" variant="outline" onClick={() => pull(starter.ollama_name ?? '')}>
                      {t('discover.pull', { name: starter.ollama_name })}
                    </Button>
                  ) : null}
                </div>
              ))}
            </section>
            <section className="grid gap-2" aria-label={t('discover.library')}>
              <h3 className="text-sm font-semibold">{t('discover.library')}</h3>
              {entries.length === 0 ? <p className="text-sm text-muted-foreground">{t('noMatch')}</p> : null}
              {entries.map((entry) => (
                <CatalogEntryCard key={entry.name} entry={entry} onPull={pull} onGuide={setGuide} />
              ))}
            </section>
          </div>
        </DialogContent>
      </Dialog>
      <InstallGuideDialog modelName={guide} onClose={() => setGuide(null)} />
    </>
  );
}
