import { Loader2, Square, Volume2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { canSynthesize } from '../lib/browser-speech';
import { startReading, stopReading, useReading } from '../lib/read-aloud-player';
import { useSpeechStatus } from '../lib/speech-status-store';

/**
 * "Read aloud" in an answer's actions: the server's speech runtime when configured, else the browser's own
 * voice; Stop while it plays. Absent where neither exists.
 */
export function ReadAloudButton({ text }: { text: string }) {
  const { t, i18n } = useTranslation('voice');
  const id = useId();
  const status = useSpeechStatus();
  const reading = useReading();
  const server = status?.speech === true;
  if (!server && !canSynthesize()) return null;
  if (!text.trim()) return null;
  const mine = reading?.id === id ? reading : null;
  const onClick = () => {
    if (mine) return stopReading();
    startReading(id, text, {
      server,
      language: i18n.resolvedLanguage ?? 'en',
      onError: (error) =>
        toast({
          title: t('readAloud.failed'),
          description: isApiError(error) ? errorMessage(error) : undefined,
          variant: 'destructive',
        }),
    });
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={mine ? t('readAloud.stop') : t('readAloud.start')}
      aria-pressed={Boolean(mine)}
      onClick={onClick}
    >
      {mine?.phase === 'loading' ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : mine ? (
        <Square aria-hidden />
      ) : (
        <Volume2 aria-hidden />
      )}
      {mine ? t('readAloud.stopShort') : t('readAloud.startShort')}
    </Button>
  );
}
