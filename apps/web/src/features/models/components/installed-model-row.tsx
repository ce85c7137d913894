import type { InstalledModel } from '@hearth/contract';
import { MessageSquare, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { VisionBadge } from './vision-badge';
import { Button } from '../../../components/ui/button';
import { modelFacts, modelUpdatedDate } from '../lib/model-facts';

interface InstalledModelRowProps {
  model: InstalledModel;
  inUse: boolean;
  canDelete: boolean;
  onUse: () => void;
  onDelete: () => void;
  /** Admins: who may see this model. */
  visibility?: ReactNode;
}

const PROVIDER_KIND = {
  builtin: 'kinds.builtin',
  ollama: 'kinds.ollama',
  openai: 'kinds.openai',
} as const satisfies Record<InstalledModel['provider']['kind'], string>;

/** One installed model: name, runtime, the facts the runtime reported (size, parameters, quantisation), actions. */
export function InstalledModelRow({ model, inUse, canDelete, onUse, onDelete, visibility }: InstalledModelRowProps) {
  const { t } = useTranslation('models');
  const updated = modelUpdatedDate(model.modified_at);
  const facts = [...modelFacts(model), ...(updated ? [t('installed.updated', { date: updated })] : [])];
  return (
    <li data-testid="installed-model" className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{model.name}</span>
          <Badge variant="outline">{t(PROVIDER_KIND[model.provider.kind])}</Badge>
          {model.provider.kind !== 'builtin' ? (
            <span className="text-xs text-muted-foreground">{model.provider.name}</span>
          ) : null}
          {model.capabilities.vision ? <VisionBadge /> : null}
          {model.capabilities.embedding ? <Badge variant="secondary">{t('installed.embedding')}</Badge> : null}
          {inUse ? <Badge>{t('installed.inChat')}</Badge> : null}
        </div>
        <p className="mt-1 text-xs text-muted-foreground">{facts.join(' · ')}</p>
      </div>
      {visibility}
      {model.capabilities.embedding ? null : (
        <Button size="sm" variant={inUse ? 'secondary' : 'default'} onClick={onUse} disabled={inUse}>
          <MessageSquare aria-hidden />
          {t('installed.use')}
        </Button>
      )}
      {canDelete ? (
        <Button size="sm" variant="ghost" aria-label={t('installed.delete', { name: model.name })} onClick={onDelete}>
          <Trash2 aria-hidden />
        </Button>
      ) : null}
    </li>
  );
}
