import type { UsedDocument } from '@hearth/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
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
}: MessageListProps) {
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

  // A new turn always brings the view down to it.
  useEffect(() => {
    if (busy) stickToBottom.current = true;
  }, [busy]);

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
      {loadingOlder ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading older messages" />
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
              className="absolute top-0 left-0 w-full px-4"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {item.kind === 'message' ? (
                <MessageItem
                  message={item.message}
                  canRegenerate={!busy && canRegenerate(items, row.index)}
                  canEdit={!busy}
                  onRegenerate={onRegenerate}
                  onEdit={(content) => onEdit(item.message.id, content)}
                  onOpenSource={onOpenSource}
                />
              ) : item.kind === 'pending-user' ? (
                <PendingUserMessage content={item.content} attachments={item.attachments} />
              ) : (
                <StreamingAnswer
                  text={item.text}
                  stopping={item.stopping}
                  truncated={item.truncated}
                  indexing={item.indexing}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
