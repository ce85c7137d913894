import type { ModelCapability } from '@hearth/contract';
import { Check, ChevronDown, Eye } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { TASK_LABELS } from '../lib/labels';

interface ModelCardProps {
  capability: ModelCapability;
  selected: boolean;
  onSelect: () => void;
}

const ratingLabel = (value: string) => value.replace('-', ' ');

/** An expandable card in the model panel: speed, accuracy, resources, best for, strengths, limitations. */
export function ModelCard({ capability, selected, onSelect }: ModelCardProps) {
  const [open, setOpen] = useState(false);
  const detailsId = `model-details-${capability.id.replace(/[^\w-]/g, '_')}`;
  return (
    <article
      aria-label={capability.id}
      className={cn('rounded-lg border p-3', selected && 'border-primary bg-primary/5')}
      data-testid="model-card"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-2 truncate font-medium">
            {capability.id}
            {capability.supports_vision ? <Eye className="size-4 text-muted-foreground" aria-label="Vision" /> : null}
          </h3>
          <p className="text-xs text-muted-foreground">{capability.description}</p>
        </div>
        <Button size="sm" variant={selected ? 'secondary' : 'default'} onClick={onSelect} disabled={selected}>
          {selected ? <Check aria-hidden /> : null}
          {selected ? 'Selected' : 'Select'}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap gap-1 text-xs">
        <Badge variant="outline">Speed: {capability.speed_rating}</Badge>
        <Badge variant="outline">Accuracy: {ratingLabel(capability.accuracy_rating)}</Badge>
        <Badge variant="outline">Resources: {capability.resource_usage}</Badge>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
        className="mt-2 inline-flex items-center gap-1 text-xs text-primary hover:underline"
      >
        <ChevronDown className={cn('size-3 transition-transform', open && 'rotate-180')} aria-hidden />
        {open ? 'Hide details' : 'Show details'}
      </button>
      {open ? (
        <dl id={detailsId} className="mt-2 grid gap-2 text-xs">
          <Detail term="Best for" items={capability.recommended_for.map((task) => TASK_LABELS[task])} />
          <Detail term="Strengths" items={capability.strengths} />
          <Detail term="Limitations" items={capability.limitations} />
          {capability.parameter_size ? <Detail term="Parameters" items={[capability.parameter_size]} /> : null}
        </dl>
      ) : null}
    </article>
  );
}

function Detail({ term, items }: { term: string; items: string[] }) {
  return (
    <div>
      <dt className="font-medium">{term}</dt>
      <dd className="text-muted-foreground">{items.length > 0 ? items.join(', ') : 'None noted'}</dd>
    </div>
  );
}
