import type { Conversation } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { useGenerating } from '../hooks/use-live-answers';

/** The sidebar's mark on a conversation whose answer is being written (issue 17); nothing otherwise. */
export function LiveIndicator({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
  const generating = useGenerating(conversation);
  if (!generating) return null;
  return (
    <span
      data-testid="live-indicator"
      title={t('live.beingWritten')}
      className="mr-1 flex size-4 shrink-0 items-center justify-center"
    >
      <span className="size-2 animate-pulse rounded-full bg-primary motion-reduce:animate-none" aria-hidden />
      <span className="sr-only">{t('live.beingWritten')}</span>
    </span>
  );
}
