import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useCopy } from '../../../lib/use-copy';
import type { SetupCommand } from '../lib/commands';

/** A terminal command with a Copy button; "Copied" shows for 2 s, then the button resets. */
export function CommandCard({ command }: { command: SetupCommand }) {
  const [copied, copy] = useCopy();
  const onCopy = async () => {
    if (await copy(command.command)) return;
    toast({
      title: 'Copy failed',
      description: 'The browser did not allow copying. Select the command and copy it by hand.',
      variant: 'destructive',
    });
  };
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{command.title}</h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onCopy()}
          aria-label={copied ? `Copied: ${command.title}` : `Copy: ${command.title}`}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
        <code>{command.command}</code>
      </pre>
      {command.note ? <p className="text-xs text-muted-foreground">{command.note}</p> : null}
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
