import type { Attachment, IndexingCollection, Message, ToolCallRecord } from '@hearth/contract';
import type { LiveTurn } from './stream-store';

export type ThreadItem =
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'pending-user'; key: string; content: string; attachments: Attachment[] }
  | {
      kind: 'streaming';
      key: string;
      text: string;
      /** The answer's conversation (null before the server created it) and its tool calls so far. */
      conversationId: string | null;
      toolCalls: ToolCallRecord[];
      stopping: boolean;
      truncated: { droppedMessages: number } | null;
      /** Searched collections still indexing, from the context event. */
      indexing: IndexingCollection[];
    };

/** The turn's own copies of messages: the echoed user message while streaming, everything it wrote after. */
function liveCopies(turn: LiveTurn | undefined): Message[] {
  if (!turn) return [];
  if (turn.phase === 'finished') return turn.committed;
  return turn.userMessage ? [turn.userMessage] : [];
}

/**
 * The thread as shown: saved messages, minus what the running turn removed (regenerate, edit), with the turn's
 * live parts (the user's message, the answer so far, what it just wrote) until the cache renders them. An answer
 * saved while it is still being written is the one streaming here: while this tab streams, only the live copy shows.
 */
export function buildThread(saved: readonly Message[], turn: LiveTurn | undefined): ThreadItem[] {
  const removed = new Set(turn?.removedIds ?? []);
  const live = turn !== undefined && turn.phase !== 'finished';
  const overrides = new Map(liveCopies(turn).map((message) => [message.id, message]));
  const items: ThreadItem[] = [];
  for (const message of saved) {
    if (removed.has(message.id) || (live && message.metadata.writing)) continue;
    // An edited message shows its new text as soon as the server echoes it.
    const shown = overrides.get(message.id) ?? message;
    overrides.delete(message.id);
    items.push({ kind: 'message', key: message.id, message: shown });
  }
  for (const message of overrides.values()) items.push({ kind: 'message', key: message.id, message });
  if (!turn || turn.phase === 'finished') return items;
  if (turn.pendingUser) {
    items.push({
      kind: 'pending-user',
      key: `pending-${turn.key}`,
      content: turn.pendingUser.content,
      attachments: turn.pendingUser.attachments,
    });
  }
  items.push({
    kind: 'streaming',
    key: `streaming-${turn.key}`,
    text: turn.text,
    conversationId: turn.conversationId,
    toolCalls: turn.toolCalls,
    stopping: turn.phase === 'stopping',
    truncated: turn.context?.truncated ? { droppedMessages: turn.context.droppedMessages } : null,
    indexing: turn.context?.indexing ?? [],
  });
  return items;
}

/**
 * The last answer (or error message) can be regenerated when a user message comes before it. Not a message
 * only this tab knows (the server never saved it, so it would answer a different message).
 */
export function canRegenerate(items: readonly ThreadItem[], index: number): boolean {
  const item = items[index];
  if (!item || item.kind !== 'message' || index !== items.length - 1) return false;
  if (item.message.type === 'user' || item.message.id.startsWith('local-')) return false;
  return items.slice(0, index).some((earlier) => earlier.kind === 'message' && earlier.message.type === 'user');
}

/** The last message the user sent that can be edited (↑ in an empty composer): saved, not only known here. */
export function lastEditableMessage(items: readonly ThreadItem[]): Message | undefined {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index];
    if (item?.kind === 'message' && item.message.type === 'user' && !item.message.id.startsWith('local-')) {
      return item.message;
    }
  }
  return undefined;
}

/**
 * What an edit or a regeneration takes off the shown path (it starts a new branch): for a regeneration,
 * everything after the last user message; for an edit, the edited message and everything after it.
 */
export function replacedBy(saved: readonly Message[], editedId: string | null): string[] {
  const anchor =
    editedId === null
      ? saved.findLastIndex((message) => message.type === 'user')
      : saved.findIndex((message) => message.id === editedId);
  if (anchor < 0) return [];
  return saved.slice(editedId === null ? anchor + 1 : anchor).map((message) => message.id);
}
