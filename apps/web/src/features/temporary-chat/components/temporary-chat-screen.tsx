import { ArrowUp, EyeOff, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { LazyMarkdown as Markdown } from '../../../components/markdown/lazy-markdown';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TemporaryChatSwitch } from './temporary-chat-switch';
import { type TemporaryMessage, useTemporaryChat } from './use-temporary-chat';

interface TemporaryChatScreenProps {
  /** The model picker (the models feature), composed by the app shell. */
  modelHeader: ReactNode;
  model: string | null;
}

/**
 * Temporary chat (issue 17): answers come from the server as usual, but nothing is saved — no conversation, no
 * history, search or export. Leaving it discards it; with messages, the user is asked first.
 */
export function TemporaryChatScreen({ modelHeader, model }: TemporaryChatScreenProps) {
  const { t } = useTranslation('temporaryChat');
  const chat = useTemporaryChat(model);
  const [text, setText] = useState('');
  const hasMessages = chat.messages.length > 0 || chat.busy;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasMessages && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!hasMessages) return;
    // Closing or reloading the tab discards it too: the browser asks.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasMessages]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content || chat.busy || !model) return;
    setText('');
    void chat.send(content);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2">
        <div className="min-w-0 flex-1">{modelHeader}</div>
        <TemporaryChatSwitch on />
      </div>
      <div role="note" className="flex items-center gap-2 border-b bg-muted px-4 py-2 text-sm">
        <EyeOff aria-hidden className="size-4 shrink-0" />
        <span>
          <Trans t={t} i18nKey="notice" components={{ strong: <strong /> }} />
        </span>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ol className="mx-auto grid w-full max-w-3xl gap-4 p-4" aria-label={t('messages')} aria-live="polite">
          {chat.messages.length === 0 && !chat.busy ? (
            <li className="py-12 text-center text-muted-foreground">{t('empty')}</li>
          ) : null}
          {chat.messages.map((message, index) => (
            <MessageBubble key={index} message={message} />
          ))}
          {chat.draft !== null ? <MessageBubble message={{ role: 'assistant', content: chat.draft || '…' }} /> : null}
        </ol>
      </div>
      <form onSubmit={submit} className="mx-auto flex w-full max-w-3xl items-end gap-2 p-4">
        <label htmlFor="temporary-message" className="sr-only">
          {t('messageLabel')}
        </label>
        <textarea
          id="temporary-message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={100_000}
          placeholder={model ? t('placeholder') : t('chooseModel')}
          className="min-h-11 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        {chat.busy ? (
          <Button type="button" variant="outline" onClick={chat.stop} aria-label={t('stop')}>
            <Square aria-hidden />
          </Button>
        ) : (
          <Button type="submit" disabled={!text.trim() || !model} aria-label={t('send')}>
            <ArrowUp aria-hidden />
          </Button>
        )}
      </form>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
        title={t('discard.title')}
        description={t('discard.description')}
        confirmLabel={t('discard.confirm')}
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </div>
  );
}

function MessageBubble({ message }: { message: TemporaryMessage }) {
  const { t } = useTranslation('temporaryChat');
  return (
    <li className={message.role === 'user' ? 'ml-auto max-w-[85%] rounded-lg bg-muted px-4 py-2' : 'grid gap-1'}>
      <span className="sr-only">{message.role === 'user' ? t('you') : t('assistant')}</span>
      {/* Model output goes through the sanitising Markdown renderer, as in the chat. */}
      <Markdown text={message.content} className="min-w-0 break-words" />
      {message.note ? <p className="text-xs text-muted-foreground">{message.note}</p> : null}
    </li>
  );
}
