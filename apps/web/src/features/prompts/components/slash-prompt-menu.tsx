import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import type { SlashPrompts } from '../hooks/use-slash-prompts';

/** The list under '/' in the chat input (a listbox the textarea points at with aria-activedescendant). */
export function SlashPromptMenu({ slash }: { slash: SlashPrompts }) {
  const { t } = useTranslation('prompts');
  if (!slash.open) return null;
  const status = slash.loading
    ? t('slash.loading')
    : slash.failed
      ? t('slash.failed')
      : slash.matches.length === 0
        ? t('slash.noMatches', { query: slash.query })
        : null;
  return (
    <div className="absolute inset-x-2 bottom-full z-20 mb-2 rounded-lg border bg-popover p-1 text-popover-foreground shadow-md">
      <div id={slash.listId} role="listbox" aria-label={t('slash.listLabel')} className="max-h-64 overflow-y-auto">
        {slash.matches.map((prompt, index) => (
          <div
            key={prompt.id}
            id={slash.optionId(index)}
            role="option"
            aria-selected={index === slash.active}
            // Keep the focus in the textarea; the click chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => slash.choose(prompt)}
            className={cn(
              'flex cursor-pointer flex-col gap-0.5 rounded-md px-2 py-1.5 text-sm',
              index === slash.active && 'bg-accent text-accent-foreground',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              {prompt.title}
              {prompt.built_in ? <Badge variant="outline">{t('starter')}</Badge> : null}
              {prompt.variables.length > 0 ? (
                <span className="text-xs font-normal text-muted-foreground">
                  {prompt.variables.map((name) => `{{${name}}}`).join(' ')}
                </span>
              ) : null}
            </span>
            {prompt.description ? (
              <span className="line-clamp-1 text-xs text-muted-foreground">{prompt.description}</span>
            ) : null}
          </div>
        ))}
      </div>
      {status ? <p className="px-2 py-1.5 text-sm text-muted-foreground">{status}</p> : null}
      <p className="border-t px-2 pt-1 text-xs text-muted-foreground">{t('slash.keysHint')}</p>
    </div>
  );
}
