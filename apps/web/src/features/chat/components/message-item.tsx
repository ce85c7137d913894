import type { Message, UsedDocument } from '@hearth/contract';
import { AlertTriangle, Check, Copy, Pencil, RefreshCw } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown as Markdown } from '../../../components/markdown/lazy-markdown';
import { ToolCalls } from './tool-calls';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCopy } from '../../../lib/use-copy';
import { ReadAloudButton } from '../../voice';
import { citationNumber, linkCitations } from '../lib/sources';
import { BranchSwitcher } from './branch-switcher';
import { EditMessageForm } from './edit-message-form';
import { MessageAttachments } from './message-attachments';
import { MessageNotes } from './message-notes';

interface MessageItemProps {
  message: Message;
  canRegenerate: boolean;
  canEdit: boolean;
  onRegenerate: () => void;
  onEdit: (content: string) => void;
  /** Opens a source the answer used, at its cited passage. */
  onOpenSource?: (source: UsedDocument) => void;
  /** The edit form is open: controlled by the thread (↑ in an empty composer opens it), else kept here. */
  editing?: boolean;
  onEditingChange?: (editing: boolean) => void;
  /** Shows another version of this message ("‹ 2/3 ›"); the switcher is disabled while an answer streams. */
  onSwitchBranch?: (messageId: string) => void;
  switchDisabled?: boolean;
}

const isLocal = (message: Message) => message.id.startsWith('local-');

/** One message: the user's text, the model's Markdown answer, or a system (error) message, with its actions. */
export function MessageItem({
  message,
  canRegenerate,
  canEdit,
  onRegenerate,
  onEdit,
  onOpenSource,
  editing: editingProp,
  onEditingChange,
  onSwitchBranch,
  switchDisabled = false,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  const [copied, copy] = useCopy();
  const [localEditing, setLocalEditing] = useState(false);
  const editing = editingProp ?? localEditing;
  const setEditing = onEditingChange ?? setLocalEditing;
  const user = message.type === 'user';
  const system = message.type === 'system';
  const sources = message.metadata.used_documents ?? [];
  // Citation links ([1] → '#source-1') open the source here instead of being followed.
  const onCitationClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const number = citationNumber(link?.getAttribute('href') ?? null);
    if (number === null) return;
    event.preventDefault();
    const source = sources[number - 1];
    if (source && onOpenSource) onOpenSource(source);
  };
  return (
    <div
      data-testid="chat-message"
      data-type={system ? 'system' : user ? 'user' : 'ai'}
      className={cn('group flex w-full flex-col py-2', user ? 'items-end' : 'items-start')}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 text-sm',
          // While editing, the form sits on the page's own colours: outline buttons on the primary bubble were
          // white on white (light) and dark on dark (dark).
          user && !editing && 'bg-primary text-primary-foreground',
          system && 'flex items-start gap-2 border border-destructive/40 bg-destructive/10 text-foreground',
          !user && !system && 'w-full max-w-full bg-transparent px-0',
          editing && 'w-full max-w-2xl border bg-muted/40 text-foreground',
        )}
      >
        {system && message.is_error ? <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" /> : null}
        <div className="min-w-0 flex-1">
          <MessageAttachments attachments={message.attachments} />
          {editing ? (
            <EditMessageForm
              initial={message.content}
              onCancel={() => setEditing(false)}
              onSubmit={(text) => {
                setEditing(false);
                onEdit(text);
              }}
            />
          ) : user || system ? (
            <p className="break-words whitespace-pre-wrap">{message.content}</p>
          ) : (
            <div onClickCapture={onCitationClick}>
              <ToolCalls calls={message.metadata.tool_calls ?? []} />
              <Markdown text={onOpenSource ? linkCitations(message.content, sources.length) : message.content} />
            </div>
          )}
          {!user ? <MessageNotes metadata={message.metadata} onOpenSource={onOpenSource} /> : null}
        </div>
      </div>
      {editing ? null : (
        <div className="mt-1 flex flex-wrap items-center gap-1 opacity-70 transition-opacity group-hover:opacity-100 focus-within:opacity-100">
          {message.branch && onSwitchBranch ? (
            <BranchSwitcher
              branch={message.branch}
              noun={user ? 'Version' : 'Answer'}
              disabled={switchDisabled}
              onSwitch={onSwitchBranch}
            />
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('message.copyLabel')}
            onClick={() => void copy(message.content)}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t('message.copied') : t('message.copy')}
          </Button>
          {user && canEdit && !isLocal(message) ? (
            <Button variant="ghost" size="sm" aria-label={t('edit.label')} onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {t('message.edit')}
            </Button>
          ) : null}
          {!user && !system ? <ReadAloudButton text={message.content} /> : null}
          {canRegenerate ? (
            <Button variant="ghost" size="sm" aria-label={t('message.regenerateLabel')} onClick={onRegenerate}>
              <RefreshCw aria-hidden />
              {t('message.regenerate')}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
