import { FileSearch, FileText, PenLine, Telescope } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A preset a new chat starts from: its name and starter prompts (issue 17). */
export interface ChatPreset {
  id: string;
  name: string;
  starters: string[];
}

interface EmptyStateProps {
  onPick: (prompt: string) => void;
  preset: ChatPreset | null;
  /** Sends a preset's starter prompt as the first message. */
  onStarter: (prompt: string) => void;
}

/**
 * Spec §2: the empty chat with four suggested prompts; a prompt fills the message field. A chat started from a
 * preset shows the preset's starter prompts instead, which send at once.
 */
export function EmptyState({ onPick, preset, onStarter }: EmptyStateProps) {
  const { t } = useTranslation('chat');
  if (preset) return <PresetStarters preset={preset} onStarter={onStarter} />;
  const suggestions = [
    { title: t('empty.summarize.title'), prompt: t('empty.summarize.prompt'), icon: FileText },
    { title: t('empty.extract.title'), prompt: t('empty.extract.prompt'), icon: FileSearch },
    { title: t('empty.research.title'), prompt: t('empty.research.prompt'), icon: Telescope },
    { title: t('empty.writing.title'), prompt: t('empty.writing.prompt'), icon: PenLine },
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center-safe gap-6 overflow-y-auto p-6">
      <h2 className="text-2xl font-semibold tracking-tight">{t('empty.heading')}</h2>
      <div className="grid w-full max-w-2xl gap-3 sm:grid-cols-2">
        {suggestions.map(({ title, prompt, icon: Icon }) => (
          <button
            key={title}
            type="button"
            onClick={() => onPick(prompt)}
            className="flex items-center gap-3 rounded-xl border bg-card p-4 text-left text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Icon className="size-5 text-primary" aria-hidden />
            {title}
          </button>
        ))}
      </div>
    </div>
  );
}

function PresetStarters({ preset, onStarter }: { preset: ChatPreset; onStarter: (prompt: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center-safe gap-6 overflow-y-auto p-6">
      <div className="grid gap-1 text-center">
        <h2 className="text-2xl font-semibold tracking-tight break-words">{preset.name}</h2>
        <p className="text-sm text-muted-foreground">{t('empty.presetText')}</p>
      </div>
      {preset.starters.length > 0 ? (
        <ul aria-label={t('empty.starters')} className="grid w-full max-w-2xl gap-3 sm:grid-cols-2">
          {preset.starters.map((starter) => (
            <li key={starter}>
              <button
                type="button"
                onClick={() => onStarter(starter)}
                className="w-full rounded-xl border bg-card p-4 text-left text-sm font-medium break-words transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {starter}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
