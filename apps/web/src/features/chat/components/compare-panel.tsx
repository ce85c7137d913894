import type { TFunction } from 'i18next';
import { AlertTriangle, Check, Square } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown as Markdown } from '../../../components/markdown/lazy-markdown';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { CompareColumn, Comparison } from '../lib/compare-store';

interface ComparePanelProps {
  comparison: Comparison;
  onStop: (slot: number) => void;
  onPick: (slot: number) => void;
  onClose: () => void;
}

const status = (t: TFunction<'chat'>, column: CompareColumn): string => {
  if (column.phase === 'streaming') return t('compare.writing');
  if (column.phase === 'stopping') return t('compare.stopping');
  if (column.phase === 'error') return t('compare.failed');
  return column.message?.metadata.stopped ? t('compare.stopped') : t('compare.done');
};

/**
 * Compare (issue 17): the question, then one column per model (side by side from tablet width, stacked on a
 * phone), each streaming live with its own Stop, and "Use this answer" once it is done.
 */
export function ComparePanel({ comparison, onStop, onPick, onClose }: ComparePanelProps) {
  const { t } = useTranslation('chat');
  const running = comparison.columns.some((column) => column.phase === 'streaming' || column.phase === 'stopping');
  const wide = comparison.columns.length > 2;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" data-testid="compare-panel">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">
            {running ? t('compare.comparingAnswers') : t('compare.pickHeading')}
          </h2>
          {!running ? (
            <Button variant="ghost" size="sm" onClick={onClose}>
              {t('compare.close')}
            </Button>
          ) : null}
        </div>
        <div className="flex justify-end" data-testid="chat-message" data-type="user">
          <p className="max-w-[85%] rounded-2xl bg-primary px-4 py-2 text-sm break-words whitespace-pre-wrap text-primary-foreground">
            {comparison.question}
          </p>
        </div>
        {comparison.failure ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-destructive/40 p-3 text-sm text-destructive"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {comparison.failure}
          </p>
        ) : (
          <div className={cn('grid gap-3 md:grid-cols-2', wide && 'xl:grid-cols-3')}>
            {comparison.columns.map((column, slot) => (
              <AnswerColumn
                key={column.model}
                column={column}
                onStop={() => onStop(slot)}
                onPick={() => onPick(slot)}
                canStop={comparison.conversationId !== null}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

interface AnswerColumnProps {
  column: CompareColumn;
  canStop: boolean;
  onStop: () => void;
  onPick: () => void;
}

function AnswerColumn({ column, canStop, onStop, onPick }: AnswerColumnProps) {
  const { t } = useTranslation('chat');
  const headingId = useId();
  const streaming = column.phase === 'streaming' || column.phase === 'stopping';
  const pickable = column.phase === 'done' && column.message !== null && !column.message.is_error;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={streaming}
      data-testid="compare-column"
      data-model={column.model}
      className="flex min-w-0 flex-col rounded-xl border bg-card p-3 text-card-foreground"
    >
      <header className="mb-2 flex items-center justify-between gap-2">
        <h3 id={headingId} className="truncate text-sm font-medium">
          {column.model}
        </h3>
        <span role="status" className="shrink-0 text-xs text-muted-foreground">
          {status(t, column)}
        </span>
      </header>
      <div className="min-h-16 flex-1 text-sm">
        {column.phase === 'error' ? (
          <p role="alert" className="flex items-start gap-2 text-destructive">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {column.error}
          </p>
        ) : column.text || column.message?.content ? (
          <Markdown text={column.message?.content ?? column.text} />
        ) : streaming ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner />
            {t('live.thinking')}
          </p>
        ) : null}
      </div>
      <footer className="mt-3 flex justify-end gap-2">
        {streaming ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onStop}
            disabled={!canStop || column.phase === 'stopping'}
            aria-label={t('compare.stopModel', { model: column.model })}
          >
            <Square aria-hidden />
            {t('compare.stop')}
          </Button>
        ) : pickable ? (
          <Button size="sm" onClick={onPick} aria-label={t('compare.useFrom', { model: column.model })}>
            <Check aria-hidden />
            {t('compare.use')}
          </Button>
        ) : null}
      </footer>
    </section>
  );
}
