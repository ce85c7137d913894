import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useCopy } from '../../../lib/use-copy';
import { HEARTH_PORT, HEARTH_URL, OLLAMA_PORT, type SetupCommand } from '../lib/commands';

/** A terminal command with a Copy button; "Copied" shows for 2 s, then the button resets. */
export function CommandCard({ command }: { command: SetupCommand }) {
  const [copied, copy] = useCopy();
  const { t } = useTranslation('setup');
  const title = t(command.title);
  const onCopy = async () => {
    if (await copy(command.command)) return;
    toast({
      title: t('copy.failed'),
      description: t('copy.failedDescription'),
      variant: 'destructive',
    });
  };
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{title}</h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onCopy()}
          aria-label={copied ? t('copy.copiedLabel', { title }) : t('copy.copyLabel', { title })}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? t('copy.copied') : t('copy.copy')}
        </Button>
      </div>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
        <code>{command.command}</code>
      </pre>
      {command.note ? (
        <p className="text-xs text-muted-foreground">
          {t(command.note, { port: HEARTH_PORT, ollamaPort: OLLAMA_PORT, url: HEARTH_URL })}
        </p>
      ) : null}
    </div>
  );
}

export function CommandList({ commands }: { commands: readonly SetupCommand[] }) {
  return (
    <div className="grid gap-4">
      {commands.map((command) => (
        <CommandCard key={command.title} command={command} />
      ))}
    </div>
  );
}
