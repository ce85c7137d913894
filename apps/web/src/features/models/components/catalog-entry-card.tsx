import type { CatalogEntry } from '@hearth/contract';
import { Download, Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

interface CatalogEntryCardProps {
  entry: CatalogEntry;
  /** Admins with an Ollama runtime can pull from here. */
  onPull?: (name: string) => void;
  onGuide: (name: string) => void;
}

/** One Discover Models entry: what it is, its sizes and requirements, and how to get it. */
export function CatalogEntryCard({ entry, onPull, onGuide }: CatalogEntryCardProps) {
  const { t } = useTranslation('models');
  const first = `${entry.name}:${entry.sizes[0] ?? 'latest'}`;
  return (
    <article className="grid gap-2 rounded-lg border p-3" aria-label={entry.displayName}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{entry.displayName}</h3>
        {entry.recommended ? <Badge>{t('catalog.recommended')}</Badge> : null}
        {entry.tags.map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{entry.description}</p>
      <p className="text-xs text-muted-foreground">{entry.capabilities.join(' · ')}</p>
      {entry.requirements ? (
        <p className="text-xs text-muted-foreground">
          {t('catalog.requirements', {
            ram: entry.requirements.minRam,
            disk: entry.requirements.diskSpace,
            time: entry.requirements.estimatedTime,
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {onPull
          ? entry.sizes.map((size) => (
              <Button key={size} size="sm" variant="outline" onClick={() => onPull(`${entry.name}:${size}`)}>
                <Download aria-hidden />
                {t('catalog.pull', { name: `${entry.name}:${size}` })}
              </Button>
            ))
          : null}
        <Button size="sm" variant="ghost" onClick={() => onGuide(first)}>
          <Terminal aria-hidden />
          {t('catalog.howToInstall')}
        </Button>
      </div>
    </article>
  );
}
