import { ADVANCED_MAX_RESULTS, type AdvancedRetrievalOptions } from '@hearth/contract';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Slider } from '../../../components/ui/slider';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';

type Toggle = 'useQueryExpansion' | 'useReranking' | 'useMultiStepReasoning';

const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  { key: 'useQueryExpansion', label: 'Query expansion', hint: 'Also search synonyms and rephrasings' },
  { key: 'useReranking', label: 'Reranking', hint: 'Re-order the best matches by closeness to the question' },
  { key: 'useMultiStepReasoning', label: 'Multi-step reasoning', hint: 'Search each part of a compound question' },
];

interface AdvancedRetrievalControlsProps {
  options: AdvancedRetrievalOptions;
  onChange: (options: AdvancedRetrievalOptions) => void;
  className?: string;
}

/** The spec's advanced retrieval controls: a master switch (off by default), three toggles and max results. */
export function AdvancedRetrievalControls({ options, onChange, className }: AdvancedRetrievalControlsProps) {
  const id = useId();
  const set = (patch: Partial<AdvancedRetrievalOptions>) => onChange({ ...options, ...patch });
  return (
    <section aria-label="Advanced retrieval settings" className={cn('space-y-3 rounded-md border p-3', className)}>
      <div className="flex items-center justify-between gap-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-enabled`}>Advanced retrieval</Label>
          <p id={`${id}-enabled-hint`} className="text-xs text-muted-foreground">
            Smarter search of the selected collections
          </p>
        </div>
        <Switch
          id={`${id}-enabled`}
          aria-describedby={`${id}-enabled-hint`}
          checked={options.enabled}
          onCheckedChange={(enabled) => set({ enabled })}
        />
      </div>
      {options.enabled && (
        <div className="space-y-3 border-t pt-3">
          {TOGGLES.map((toggle) => (
            <div key={toggle.key} className="flex items-center justify-between gap-3">
              <div className="space-y-1">
                <Label htmlFor={`${id}-${toggle.key}`}>{toggle.label}</Label>
                <p id={`${id}-${toggle.key}-hint`} className="text-xs text-muted-foreground">
                  {toggle.hint}
                </p>
              </div>
              <Switch
                id={`${id}-${toggle.key}`}
                aria-describedby={`${id}-${toggle.key}-hint`}
                checked={options[toggle.key]}
                onCheckedChange={(checked) => set({ [toggle.key]: checked })}
              />
            </div>
          ))}
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor={`${id}-max`}>Max results</Label>
              <output htmlFor={`${id}-max`} className="text-sm tabular-nums" aria-live="polite">
                {options.maxResults}
              </output>
            </div>
            <Slider
              id={`${id}-max`}
              min={ADVANCED_MAX_RESULTS.min}
              max={ADVANCED_MAX_RESULTS.max}
              step={ADVANCED_MAX_RESULTS.step}
              value={options.maxResults}
              onValueChange={(maxResults) => set({ maxResults })}
            />
          </div>
        </div>
      )}
    </section>
  );
}
