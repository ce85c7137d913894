import type { Preset } from '@hearth/contract';
import { Bot } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePresets } from '../api/presets';

interface Props {
  /** The preset in use by the chat on screen, if any. */
  activeId: string | null;
  onPick: (preset: Preset) => void;
}

/** The model picker's Presets section: choosing one starts a new chat with its settings (issue 17). */
export function PresetPickerSection({ activeId, onPick }: Props) {
  const { t } = useTranslation('presets');
  const presets = usePresets();
  const all = presets.data?.presets ?? [];
  if (presets.isPending) return null;
  return (
    <section aria-labelledby="presets-heading" className="grid gap-2">
      <h3 id="presets-heading" className="text-sm font-medium">
        {t('picker.heading', { n: all.length })}
      </h3>
      {presets.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {t('picker.loadFailed')}
        </p>
      ) : all.length === 0 ? (
        <p className="text-xs text-muted-foreground">
          <Trans
            t={t}
            i18nKey="picker.empty"
            components={{
              action: <Link to={paths.workspaceTab('presets')} className="underline underline-offset-2" />,
            }}
          />
        </p>
      ) : (
        <ul className="grid gap-2">
          {all.map((preset) => (
            <li key={preset.id}>
              <button
                type="button"
                onClick={() => onPick(preset)}
                aria-current={preset.id === activeId ? 'true' : undefined}
                className="flex w-full items-start gap-3 rounded-lg border p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=true]:border-primary"
              >
                <Bot className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{preset.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {preset.settings.model ?? t('pickersModel')}
                    {preset.owned ? '' : t('picker.sharedBy', { author: preset.author ?? t('picker.someone') })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
