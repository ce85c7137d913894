import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { useDictation } from '../hooks/use-dictation';

/**
 * What dictation is doing, above the composer: listening (and how to stop), transcribing, or what went wrong.
 * Esc anywhere stops hands-free listening.
 */
export function DictationStatus({ id, dictation }: { id: string; dictation: ReturnType<typeof useDictation> }) {
  const { t } = useTranslation('voice');
  const { phase, handsFree, error, interim, stop, dismissError } = dictation;
  const active = phase !== 'idle';

  useEffect(() => {
    if (!handsFree) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [handsFree, stop]);

  if (!active && !error) return null;
  const errorText = error
    ? {
        permission: t('errors.permission'),
        noMicrophone: t('errors.noMicrophone'),
        noSpeech: t('errors.noSpeech'),
        runtime: error.detail ? t('errors.runtimeDetail', { detail: error.detail }) : t('errors.runtime'),
        unsupported: t('dictation.unavailable'),
      }[error.kind]
    : null;
  const message =
    phase === 'starting'
      ? t('status.starting')
      : phase === 'transcribing'
        ? t('status.transcribing')
        : handsFree
          ? t('status.handsFree')
          : t('status.pushToTalk');
  return (
    <div
      id={id}
      data-testid="dictation-status"
      className="absolute inset-x-2 bottom-full mb-2 flex items-start gap-2 rounded-lg border bg-popover px-3 py-2 text-sm shadow-sm"
    >
      <div className="min-w-0 flex-1">
        {active ? (
          <p role="status" aria-live="polite" className="flex items-center gap-2">
            <span className="size-2 shrink-0 animate-pulse rounded-full bg-destructive" aria-hidden />
            {message}
          </p>
        ) : null}
        {active && interim ? <p className="mt-1 truncate text-muted-foreground italic">{interim}</p> : null}
        {errorText ? (
          <p role="alert" className="text-destructive">
            {errorText}
          </p>
        ) : null}
      </div>
      {active && handsFree ? (
        <Button size="sm" variant="outline" onClick={stop}>
          {t('status.stop')}
        </Button>
      ) : null}
      {!active && error ? (
        <Button size="icon" variant="ghost" className="size-6" aria-label={t('status.dismiss')} onClick={dismissError}>
          <X aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}
