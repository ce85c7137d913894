import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../lib/use-copy';

/** A terminal command with a copy button (the confirmation resets after 2 s). */
export function CommandBlock({ command, label }: { command: string; label?: string }) {
  const [copied, copy] = useCopy();
  const { t } = useTranslation('models');
  return (
    <div className="grid gap-1">
      {label ? <span className="text-xs text-muted-foreground">{label}</span> : null}
      <div className="flex items-start gap-2 rounded-md bg-muted p-2 font-mono text-xs">
        <pre className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap">{command}</pre>
        <button
          type="button"
          aria-label={copied ? t('command.copied') : t('command.copy', { command })}
          onClick={() => void copy(command)}
          className="rounded p-1 hover:bg-background"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        </button>
      </div>
    </div>
  );
}
