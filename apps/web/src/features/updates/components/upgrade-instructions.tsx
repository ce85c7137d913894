import type { UpgradeInstructions as Instructions } from '@hearth/contract';
import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCopy } from '../../../lib/use-copy';

/** How to upgrade this install: the detected install type and its exact commands, ready to copy. */
export function UpgradeInstructions({ instructions }: { instructions: Instructions }) {
  const { t } = useTranslation('updates');
  const headingId = useId();
  const [copied, copy] = useCopy();
  const script = instructions.commands.join('\n');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          {t('instructions.title')}
        </h3>
        {script ? (
          <Button variant="ghost" size="sm" onClick={() => void copy(script)}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t('instructions.copied') : t('instructions.copy')}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground" data-testid="install-type">
        {t('instructions.detected', { label: instructions.label })}
      </p>
      {script ? (
        <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs" data-testid="upgrade-commands">
          <code>{script}</code>
        </pre>
      ) : null}
      <p className="text-xs text-muted-foreground">{instructions.note}</p>
    </section>
  );
}
