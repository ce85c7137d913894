import type { InstalledModel } from '@hearth/contract';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { VisionBadge } from './vision-badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { modelFacts } from '../lib/model-facts';

interface ModelCardProps {
  model: InstalledModel;
  selected: boolean;
  onSelect: () => void;
}

/**
 * A card in the model panel: the model's name and what its runtime reported (parameters, quantisation, size).
 * No speed or accuracy ratings: nothing measures them, and made-up ones misled (issue #17).
 */
export function ModelCard({ model, selected, onSelect }: ModelCardProps) {
  const { t } = useTranslation('models');
  const facts = modelFacts(model);
  return (
    <article
      aria-label={model.name}
      className={cn('rounded-lg border p-3', selected && 'border-primary bg-primary/5')}
      data-testid="model-card"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium">{model.name}</h3>
          <p className="text-xs text-muted-foreground">{model.provider.name}</p>
        </div>
        <Button size="sm" variant={selected ? 'secondary' : 'default'} onClick={onSelect} disabled={selected}>
          {selected ? <Check aria-hidden /> : null}
          {selected ? t('card.selected') : t('card.select')}
        </Button>
      </div>
      {facts.length > 0 || model.capabilities.vision ? (
        <div className="mt-2 flex flex-wrap gap-1 text-xs" data-testid="model-facts">
          {model.capabilities.vision ? <VisionBadge /> : null}
          {facts.map((fact) => (
            <Badge key={fact} variant="outline">
              {fact}
            </Badge>
          ))}
        </div>
      ) : null}
    </article>
  );
}
