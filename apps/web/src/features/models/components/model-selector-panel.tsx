import { modelParameterBillions, type InstalledModel, type TaskContext } from '@hearth/contract';
import { Eye, Search } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { ModelCard } from './model-card';

interface ModelSelectorPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  models: InstalledModel[];
  selected: string | null;
  onSelect: (name: string) => void;
  /** What the user is typing and attaching right now: images call for a model that can read them. */
  taskContext: TaskContext;
  /** The Presets section (issue 17), given how to close the panel once one is chosen. */
  presets?: (close: () => void) => ReactNode;
}

/**
 * The model selection side panel (spec §2): search and the installed models with what their runtimes report.
 * It suggests a model only where a real capability decides (images need vision); there are no made-up
 * ratings or confidence percentages (issue #17).
 */
export function ModelSelectorPanel({
  open,
  onOpenChange,
  models,
  selected,
  onSelect,
  taskContext,
  presets,
}: ModelSelectorPanelProps) {
  const { t } = useTranslation('models');
  const [query, setQuery] = useState('');
  const vision = useMemo(
    () =>
      models
        .filter((model) => model.capabilities.vision)
        .sort((a, b) => (modelParameterBillions(b) ?? 0) - (modelParameterBillions(a) ?? 0)),
    [models],
  );
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? models.filter((model) => `${model.name} ${model.provider.name}`.toLowerCase().includes(needle))
    : models;
  const suggested = taskContext.hasImages ? (vision[0] ?? null) : null;
  const choose = (name: string) => {
    onSelect(name);
    onOpenChange(false);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby="model-panel-description">
        <div className="grid gap-1 pr-6">
          <SheetTitle>{t('selector.title')}</SheetTitle>
          <SheetDescription id="model-panel-description">{t('selector.description')}</SheetDescription>
        </div>
        <div className="relative">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label={t('selector.search')}
            placeholder={t('selector.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-8"
          />
        </div>
        {taskContext.hasImages ? (
          <div
            data-testid="recommendation-banner"
            className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
          >
            <div className="flex items-center gap-2 font-medium">
              <Eye className="size-4 text-primary" aria-hidden />
              {t('selector.imageAnalysis')}
            </div>
            <p className="mt-1 text-muted-foreground">
              {suggested ? (
                <>
                  {t('selector.imagesNeed')} <span className="font-medium text-foreground">{suggested.name}</span>
                </>
              ) : (
                t('selector.noVision')
              )}
            </p>
            {suggested && suggested.name !== selected ? (
              <Button size="sm" className="mt-2" onClick={() => choose(suggested.name)}>
                {t('selector.use', { name: suggested.name })}
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto">
          {presets ? presets(() => onOpenChange(false)) : null}
          <h3 className="text-sm font-medium">{t('selector.all', { total: models.length })}</h3>
          {shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('noMatch')}</p>
          ) : (
            <div className="grid gap-2">
              {shown.map((model) => (
                <ModelCard
                  key={model.name}
                  model={model}
                  selected={model.name === selected}
                  onSelect={() => choose(model.name)}
                />
              ))}
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
