import { CircleAlert, CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

export type IndicatorTone = 'ok' | 'warn' | 'bad' | 'unknown';

const ICONS = { ok: CircleCheck, warn: CircleAlert, bad: CircleX, unknown: CircleHelp } as const;
const COLOURS = {
  ok: 'text-green-700 dark:text-green-400',
  warn: 'text-amber-700 dark:text-amber-400',
  bad: 'text-destructive',
  unknown: 'text-muted-foreground',
} as const;

interface StatusIndicatorProps {
  name: string;
  detail: string;
  state: string;
  tone: IndicatorTone;
  checking: boolean;
  testId: string;
}

/** One row of the system status: what is checked, its state in words and a coloured icon. */
export function StatusIndicator({ name, detail, state, tone, checking, testId }: StatusIndicatorProps) {
  const Icon = ICONS[tone];
  const { t } = useTranslation('setup');
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3" data-testid={testId} data-state={tone}>
      {checking ? (
        <Spinner className="size-5 text-muted-foreground" label={t('status.checkingName', { name })} />
      ) : (
        <Icon className={cn('size-5 shrink-0', COLOURS[tone])} aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{name}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
      <span className={cn('text-sm font-medium', COLOURS[tone])}>{checking ? t('status.checking') : state}</span>
    </li>
  );
}
