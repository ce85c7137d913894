import type { TaskContext } from '@hearth/contract';
import { ChevronDown, Cpu, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { ModelSelection } from '../hooks/use-model-selection';
import { ConnectionIndicator } from './connection-badge';
import { ModelSelectorPanel } from './model-selector-panel';

/**
 * Chat header part: the selected model's name, connection dot, mode badge and the model selector. A chosen model
 * that is no longer offered (its runtime went down) is named as unavailable, with a Retry that checks again.
 */
export function ModelHeader({
  selection,
  taskContext,
  presets,
}: {
  selection: ModelSelection;
  taskContext: TaskContext;
  /** The model picker's Presets section (issue 17). */
  presets?: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('models');
  const [open, setOpen] = useState(false);
  const { unavailable, selected } = selection;
  const canRetry = selection.ready && (!selection.connected || unavailable !== null);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <h1 className="truncate text-sm font-semibold" data-testid="selected-model">
        {selected ?? unavailable ?? t('header.noModel')}
      </h1>
      {unavailable ? (
        <Badge variant="destructive" data-testid="model-unavailable">
          {selected === null ? t('header.unavailable') : t('header.modelUnavailable', { name: unavailable })}
        </Badge>
      ) : null}
      <ConnectionIndicator badge={selection.badge} connected={selection.connected && selected !== null} />
      {canRetry ? (
        <Button variant="outline" size="sm" onClick={() => void selection.retry()} disabled={selection.isRefreshing}>
          <RefreshCw className={selection.isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          {t('header.retry')}
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={selection.models.length === 0}
        aria-label={t('header.select')}
      >
        <Cpu aria-hidden />
        {t('header.model')}
        <ChevronDown aria-hidden />
      </Button>
      <ModelSelectorPanel
        open={open}
        onOpenChange={setOpen}
        models={selection.models}
        selected={selected}
        onSelect={selection.select}
        taskContext={taskContext}
        presets={presets}
      />
    </div>
  );
}
