import { Loader2, Mic, MicOff } from 'lucide-react';
import { useId, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useDictation } from '../hooks/use-dictation';
import { DictationStatus } from './dictation-status';

const isTalkKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter';

/**
 * The composer's microphone: hold it (or hold Space / Enter while it is focused) to talk, release to put the
 * text in the message box; a short click keeps listening hands-free and sends after each pause, until clicked
 * again or Esc. Its status line sits above the composer (the composer's box is `relative`).
 */
export function DictationButton({ onText }: { onText: (text: string, send: boolean) => void }) {
  const { t, i18n } = useTranslation('voice');
  const dictation = useDictation({ onText, language: i18n.resolvedLanguage ?? i18n.language ?? 'en' });
  const statusId = useId();
  if (dictation.source === null) return null;
  if (dictation.source === 'none') {
    return (
      <span title={t('dictation.unavailable')} className="inline-flex">
        <Button variant="ghost" size="icon" disabled aria-label={t('dictation.unavailableLabel')}>
          <MicOff aria-hidden />
        </Button>
      </span>
    );
  }
  const active = dictation.phase !== 'idle';
  const label = !active
    ? t('dictation.start')
    : dictation.handsFree
      ? t('dictation.stopHandsFree')
      : t('dictation.listening');
  return (
    <>
      <Button
        type="button"
        variant={active ? 'secondary' : 'ghost'}
        size="icon"
        aria-label={label}
        aria-pressed={active}
        aria-describedby={active || dictation.error ? statusId : undefined}
        title={t('dictation.hint')}
        data-testid="dictation-button"
        data-state={dictation.phase}
        data-mode={dictation.handsFree ? 'hands-free' : 'push-to-talk'}
        className={cn('touch-none select-none', active && 'text-destructive')}
        onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
          if (event.button !== 0) return;
          // Keeps the focus in the message box, and the pointer's release on this button.
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          dictation.press();
        }}
        onPointerUp={() => dictation.release()}
        onPointerCancel={() => dictation.release()}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') return dictation.stop();
          if (!isTalkKey(event)) return;
          event.preventDefault();
          if (!event.repeat) dictation.press();
        }}
        onKeyUp={(event) => {
          if (!isTalkKey(event)) return;
          event.preventDefault();
          dictation.release();
        }}
      >
        {dictation.phase === 'transcribing' || dictation.phase === 'starting' ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : (
          <Mic className={cn(active && 'animate-pulse')} aria-hidden />
        )}
      </Button>
      <DictationStatus id={statusId} dictation={dictation} />
    </>
  );
}
