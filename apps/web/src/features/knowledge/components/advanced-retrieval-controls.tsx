import { ADVANCED_MAX_RESULTS, type AdvancedRetrievalOptions } from '@hearth/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { Slider } from '../../../components/ui/slider';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';

type Toggle = 'useQueryExpansion' | 'useReranking' | 'useMultiStepReasoning';

/** Labels and hints are keys of the knowledge namespace. */
const TOGGLES = [
  { key: 'useQueryExpansion', label: 'advanced.queryExpansion', hint: 'advanced.queryExpansionHint' },
  { key: 'useReranking', label: 'advanced.reranking', hint: 'advanced.rerankingHint' },
  { key: 'useMultiStepReasoning', label: 'advanced.multiStep', hint: 'advanced.multiStepHint' },
] as const satisfies readonly { key: Toggle; label: string; hint: string }[];

interface AdvancedRetrievalControlsProps {
  options: AdvancedRetrievalOptions;
  onChange: (options: AdvancedRetrievalOptions) => void;
  className?: string;
}

/** The spec's advanced retrieval controls: a master switch (off by default), three toggles and max results. */
export function AdvancedRetrievalControls({ options, onChange, className }: AdvancedRetrievalControlsProps) {
  const { t } = useTranslation('knowledge');
  const id = useId();
  const set = (patch: Partial<AdvancedRetrievalOptions>) => onChange({ ...options, ...patch });
  return (
    <section aria-label={t('advanced.settings')} className={cn('space-y-3 rounded-md border p-3', className)}>
      <div className="flex items-center justify-between gap-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-enabled`}>{t('advanced.title')}</Label>
          <p id={`${id}-enabled-hint`} className="text-xs text-muted-foreground">
            {t('advanced.hint')}
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
                <Label htmlFor={`${id}-${toggle.key}`}>{t(toggle.label)}</Label>
                <p id={`${id}-${toggle.key}-hint`} className="text-xs text-muted-foreground">
                  {t(toggle.hint)}
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
              <Label htmlFor={`${id}-max`}>{t('advanced.maxResults')}</Label>
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
