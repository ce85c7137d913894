import type { Attachment, IndexingCollection, ToolCallRecord } from '@hearth/contract';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown as Markdown } from '../../../components/markdown/lazy-markdown';
import { Spinner } from '../../../components/ui/spinner';
import { MessageAttachments } from './message-attachments';
import { indexingNotice } from '../lib/sources';
import { IndexingNotice, truncatedNote } from './message-notes';
import { ToolCalls } from './tool-calls';

/** The user's message as typed, until the server confirms it was saved. */
export function PendingUserMessage({ content, attachments }: { content: string; attachments: Attachment[] }) {
  return (
    <div
      data-testid="chat-message"
      data-type="user"
      data-pending="true"
      className="flex w-full flex-col items-end py-2"
    >
      <div className="max-w-[85%] rounded-2xl bg-primary px-4 py-2 text-sm text-primary-foreground">
        <MessageAttachments attachments={attachments} />
        <p className="break-words whitespace-pre-wrap">{content}</p>
      </div>
    </div>
  );
}

interface StreamingAnswerProps {
  text: string;
  stopping: boolean;
  /** Null when the prompt fit; else how many older messages were dropped. */
  truncated: { droppedMessages: number } | null;
  /** Searched collections still indexing: said before the answer comes, not after. */
  indexing?: IndexingCollection[];
  /** Tool calls so far (issue 20); one waiting for approval can be run or declined here. */
  toolCalls?: ToolCallRecord[];
  conversationId?: string | null;
}

/** The answer as it streams in, token by token. */
export function StreamingAnswer({
  text,
  stopping,
  truncated,
  indexing = [],
  toolCalls = [],
  conversationId = null,
}: StreamingAnswerProps) {
  const { t } = useTranslation('chat');
  return (
    <div data-testid="streaming-answer" aria-live="polite" aria-busy="true" className="flex w-full flex-col py-2">
      {indexing.length > 0 ? (
        <div className="mb-1 text-xs">
          <IndexingNotice notice={indexingNotice(indexing)} />
        </div>
      ) : null}
      {truncated ? (
        <p className="mb-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="context-note">
          <Info className="size-3" aria-hidden />
          {truncatedNote(truncated.droppedMessages)}
        </p>
      ) : null}
      <ToolCalls calls={toolCalls} conversationId={conversationId} />
      {text ? (
        <div className="text-sm">
          <Markdown text={text} />
          <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-foreground/60 align-middle" aria-hidden />
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('live.thinking')}
        </p>
      )}
      {stopping ? <p className="mt-1 text-xs text-muted-foreground">{t('live.stopping')}</p> : null}
    </div>
  );
}
