import type { UsedDocument } from '@hearth/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { canRegenerate, type ThreadItem } from '../lib/thread';
import { PendingUserMessage, StreamingAnswer } from './live-items';
import { MessageItem } from './message-item';

interface MessageListProps {
  items: ThreadItem[];
  busy: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRegenerate: () => void;
  onEdit: (messageId: string, content: string) => void;
  onOpenSource?: (source: UsedDocument) => void;
  /** The message whose edit form is open (↑ in an empty composer opens the last user message's). */
  editingId: string | null;
  onEditingChange: (messageId: string | null) => void;
  /** Shows another version of a message ("‹ 2/3 ›"). */
  onSwitchBranch: (messageId: string) => void;
  switching: boolean;
  /** A message opened from search: scrolled to once and marked. */
  highlightId?: string | null;
}

const NEAR_EDGE_PX = 120;

/**
 * The thread, virtualised: only the messages on screen are in the DOM, so threads of thousands stay fast.
 * It sticks to the bottom while the answer streams unless the user scrolls up; near the top it pages in older
 * messages and keeps the view where it was.
 */
export function MessageList({
  items,
  busy,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRegenerate,
  onEdit,
  onOpenSource,
  editingId,
  onEditingChange,
  onSwitchBranch,
  switching,
  highlightId = null,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const sizeBeforeOlder = useRef<number | null>(null);
  // The app does not use the React Compiler; this warning is about memoisation it would do.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 6,
    getItemKey: (index) => items[index]?.key ?? index,
  });

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_EDGE_PX;
    if (element.scrollTop < NEAR_EDGE_PX && hasOlder && !loadingOlder) {
      sizeBeforeOlder.current = virtualizer.getTotalSize();
      onLoadOlder();
    }
  }, [hasOlder, loadingOlder, onLoadOlder, virtualizer]);

  const firstKey = items[0]?.key;
  const last = items[items.length - 1];
  const lastText = last?.kind === 'streaming' ? last.text : '';
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (sizeBeforeOlder.current !== null) {
      // Older messages went in above: keep the same messages in view.
      element.scrollTop += virtualizer.getTotalSize() - sizeBeforeOlder.current;
      sizeBeforeOlder.current = null;
      return;
    }
    if (stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [firstKey, items.length, lastText, virtualizer]);

  // The edit form opened from the composer may be on a message scrolled out of view (or not rendered at all).
  // Once per opened form: later item changes (older pages coming in) leave the scroll position alone.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (editingId === scrolledTo.current) return;
    scrolledTo.current = editingId;
    const index = items.findIndex((item) => item.kind === 'message' && item.message.id === editingId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [editingId, items, virtualizer]);

  // A search result's message: brought to the middle of the view once it is loaded, and the view stays there.
  const jumpedTo = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightId || jumpedTo.current === highlightId) return;
    const index = items.findIndex((item) => item.kind === 'message' && item.message.id === highlightId);
    if (index < 0) return;
    jumpedTo.current = highlightId;
    stickToBottom.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [highlightId, items, virtualizer]);

  // A new turn always brings the view down to it.
  useEffect(() => {
    if (busy) stickToBottom.current = true;
  }, [busy]);

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
      {loadingOlder ? (
        <div className="flex justify-center py-2">
          <Spinner label={t('thread.loadingOlder')} />
        </div>
      ) : null}
      <div className="relative mx-auto mt-4 w-full max-w-3xl px-4" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={cn(
                'absolute top-0 left-0 w-full px-4',
                item.kind === 'message' && item.message.id === highlightId && 'rounded-lg ring-2 ring-primary/60',
              )}
              style={{ transform: `translateY(${row.start}px)` }}
              data-highlighted={item.kind === 'message' && item.message.id === highlightId ? 'true' : undefined}
            >
              {item.kind === 'message' ? (
                <MessageItem
                  message={item.message}
                  canRegenerate={!busy && canRegenerate(items, row.index)}
                  canEdit={!busy}
                  onRegenerate={onRegenerate}
                  onEdit={(content) => onEdit(item.message.id, content)}
                  onOpenSource={onOpenSource}
                  editing={editingId === item.message.id}
                  onEditingChange={(editing) => onEditingChange(editing ? item.message.id : null)}
                  onSwitchBranch={onSwitchBranch}
                  switchDisabled={busy || switching}
                />
              ) : item.kind === 'pending-user' ? (
                <PendingUserMessage content={item.content} attachments={item.attachments} />
              ) : (
                <StreamingAnswer
                  text={item.text}
                  stopping={item.stopping}
                  truncated={item.truncated}
                  indexing={item.indexing}
                  toolCalls={item.toolCalls}
                  conversationId={item.conversationId}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
