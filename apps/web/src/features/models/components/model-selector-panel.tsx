import { getModelCapability, recommendModels, type InstalledModel, type TaskContext } from '@hearth/contract';
import { Search, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { percent, taskLabel } from '../lib/labels';
import { ModelCard } from './model-card';

interface ModelSelectorPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  models: InstalledModel[];
  selected: string | null;
  onSelect: (name: string) => void;
  /** What the user is typing and attaching right now: drives the recommendation. */
  taskContext: TaskContext;
}

/** The model selection side panel (spec §2): search, recommendation banner, Recommended / All Models tabs. */
export function ModelSelectorPanel({
  open,
  onOpenChange,
  models,
  selected,
  onSelect,
  taskContext,
}: ModelSelectorPanelProps) {
  const [query, setQuery] = useState('');
  const recommendation = useMemo(() => recommendModels(models, taskContext), [models, taskContext]);
  const all = useMemo(() => models.map(getModelCapability), [models]);
  const needle = query.trim().toLowerCase();
  const matches = <T extends { id: string; description: string }>(list: T[]) =>
    needle ? list.filter((item) => `${item.id} ${item.description}`.toLowerCase().includes(needle)) : list;
  const recommended = matches(recommendation.recommended);
  const everything = matches(all);
  const choose = (name: string) => {
    onSelect(name);
    onOpenChange(false);
  };

  const list = (items: typeof all, empty: string) =>
    items.length === 0 ? (
      <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>
    ) : (
      <div className="grid gap-2">
        {items.map((capability) => (
          <ModelCard
            key={capability.id}
            capability={capability}
            selected={capability.id === selected}
            onSelect={() => choose(capability.id)}
          />
        ))}
      </div>
    );

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby="model-panel-description">
        <div className="grid gap-1 pr-6">
          <SheetTitle>Choose a model</SheetTitle>
          <SheetDescription id="model-panel-description">Models installed on this Hearth instance.</SheetDescription>
        </div>
        <div className="relative">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label="Search models"
            placeholder="Search models..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-8"
          />
        </div>
        <div
          data-testid="recommendation-banner"
          className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
        >
          <div className="flex items-center gap-2 font-medium">
            <Sparkles className="size-4 text-primary" aria-hidden />
            Smart recommendation
            <span className="ml-auto text-xs text-muted-foreground">
              {percent(recommendation.confidence)} confidence
            </span>
          </div>
          <p className="mt-1 text-muted-foreground">
            {taskLabel(recommendation.task)}
            {recommendation.best ? (
              <>
                {': '}
                <span className="font-medium text-foreground">{recommendation.best.id}</span>
              </>
            ) : (
              ': no installed model suits this task.'
            )}
          </p>
          {recommendation.best && recommendation.best.id !== selected ? (
            <Button size="sm" className="mt-2" onClick={() => choose(recommendation.best?.id ?? '')}>
              Use recommended model
            </Button>
          ) : null}
        </div>
        <Tabs defaultValue="recommended" className="flex min-h-0 flex-1 flex-col">
          <TabsList>
            <TabsTrigger value="recommended">Recommended ({recommendation.recommended.length})</TabsTrigger>
            <TabsTrigger value="all">All Models ({all.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="recommended" className="min-h-0 flex-1 overflow-y-auto">
            {list(recommended, 'No recommended model matches.')}
          </TabsContent>
          <TabsContent value="all" className="min-h-0 flex-1 overflow-y-auto">
            {list(everything, 'No model matches.')}
          </TabsContent>
        </Tabs>
      </SheetContent>
    </Sheet>
  );
}
