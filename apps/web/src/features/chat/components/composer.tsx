import { ArrowUp, Paperclip, Square } from 'lucide-react';
import { useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PromptVariablesDialog, SlashPromptMenu, useSlashPrompts } from '../../prompts';
import { DictationButton, useDictationInput } from '../../voice';
import type { useComposerFiles } from '../hooks/use-composer-files';
import { CHAT_FILE_ACCEPT, namePastedFile } from '../lib/attachment-rules';
import { PendingFiles } from './pending-files';

interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  files: ReturnType<typeof useComposerFiles>;
  busy: boolean;
  stopping: boolean;
  onSend: () => void;
  onStop: () => void;
  /** Extra controls beside Attach (the advanced retrieval button while collections are selected). */
  tools?: ReactNode;
  /** ↑ in the empty field: edit the last message sent; false when there is none to edit. */
  onEditLast?: () => boolean;
}

const isPlainKey = (event: KeyboardEvent) =>
  !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && !event.nativeEvent.isComposing;

/**
 * The input row: attach, the message field (Enter sends, Shift+Enter is a new line, ↑ when empty edits the last message) and Send or Stop.
 * '/' at the start of a word offers saved prompts (features/prompts).
 */
export function Composer({
  text,
  onTextChange,
  files,
  busy,
  stopping,
  onSend,
  onStop,
  tools,
  onEditLast,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const slash = useSlashPrompts({ text, onTextChange, input });
  const hasContent = text.trim().length > 0 || files.files.some((file) => file.status === 'ready');
  const canSend = hasContent && !busy && !files.uploading;
  // Dictation (features/voice): appends to the text; hands-free sends after each pause.
  const onDictated = useDictationInput({ text, onTextChange, canSend, onSend });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event)) return;
    if (event.key === 'ArrowUp' && isPlainKey(event) && text === '' && files.files.length === 0) {
      if (onEditLast?.()) event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) return;
    event.preventDefault();
    files.add(images.map((file) => namePastedFile(file)));
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-4">
      <div className="relative rounded-2xl border bg-background p-2 shadow-sm focus-within:ring-2 focus-within:ring-ring">
        <SlashPromptMenu slash={slash} />
        <PendingFiles files={files.files} onRemove={files.remove} />
        <div className="flex items-end gap-2">
          <input
            ref={picker}
            type="file"
            multiple
            accept={CHAT_FILE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="attach-input"
            onChange={(event) => {
              files.add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <Button variant="ghost" size="icon" aria-label={t('composer.attach')} onClick={() => picker.current?.click()}>
            <Paperclip aria-hidden />
          </Button>
          {tools}
          <textarea
            ref={input}
            aria-label={t('composer.label')}
            placeholder={t('composer.placeholder')}
            value={text}
            rows={1}
            aria-controls={slash.open ? slash.listId : undefined}
            aria-activedescendant={slash.open && slash.matches.length > 0 ? slash.optionId(slash.active) : undefined}
            onChange={(event) => {
              slash.track(event.target);
              onTextChange(event.target.value);
            }}
            onSelect={(event) => slash.track(event.currentTarget)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            className="max-h-48 min-h-9 flex-1 resize-none bg-transparent px-1 py-2 text-sm [field-sizing:content] placeholder:text-muted-foreground focus-visible:outline-none"
          />
          <DictationButton onText={onDictated} />
          {busy ? (
            <Button
              size="icon"
              variant="secondary"
              aria-label={t('composer.stop')}
              onClick={onStop}
              disabled={stopping}
            >
              <Square aria-hidden />
            </Button>
          ) : (
            <Button size="icon" aria-label={t('composer.send')} onClick={onSend} disabled={!canSend}>
              <ArrowUp aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <PromptVariablesDialog prompt={slash.pending} onSubmit={slash.fill} onCancel={slash.cancel} />
    </div>
  );
}
