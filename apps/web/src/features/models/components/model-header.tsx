import type { TaskContext } from '@hearth/contract';
import { ChevronDown, Cpu } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { ModelSelection } from '../hooks/use-model-selection';
import { ConnectionIndicator } from './connection-badge';
import { ModelSelectorPanel } from './model-selector-panel';

/** Chat header part: the selected model's name, connection dot, mode badge and the model selector. */
export function ModelHeader({ selection, taskContext }: { selection: ModelSelection; taskContext: TaskContext }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <h1 className="truncate text-sm font-semibold" data-testid="selected-model">
        {selection.selected ?? 'No model selected'}
      </h1>
      <ConnectionIndicator badge={selection.badge} connected={selection.connected} />
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={selection.models.length === 0}
        aria-label="Select model"
      >
        <Cpu aria-hidden />
        Model
        <ChevronDown aria-hidden />
      </Button>
      <ModelSelectorPanel
        open={open}
        onOpenChange={setOpen}
        models={selection.models}
        selected={selection.selected}
        onSelect={selection.select}
        taskContext={taskContext}
      />
    </div>
  );
}
