import { CHAT_FAILED_REPLY_TEXT, type Message } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { messagesQueryOptions } from '../api/get-messages';
import { commitMessages, touchConversation } from './messages-cache';
import type { LiveTurn, TurnResult } from './stream-store';

let localCounter = 0;

/** A message only this tab knows (the server never saved it); it disappears on the next reload. */
export function localMessage(
  turn: LiveTurn,
  type: Message['type'],
  content: string,
  extra: Partial<Message> = {},
): Message {
  localCounter += 1;
  return {
    id: `local-${Date.now()}-${localCounter}`,
    conversation_id: turn.conversationId ?? '',
    type,
    content,
    attachments: [],
    is_error: false,
    model: null,
    created_at: new Date().toISOString(),
    metadata: {},
    ...extra,
  };
}

/** What the outcome of a turn adds to the thread. */
export function turnMessages(result: TurnResult, describe: (error: unknown) => string): Message[] {
  const { turn, final, error, interrupted } = result;
  const out: Message[] = [];
  if (turn.userMessage) out.push(turn.userMessage);
  if (final) return [...out, final];
  if (error) {
    if (turn.text && !error.saved) out.push(localMessage(turn, 'assistant', turn.text));
    const saved =
      error.saved ?? localMessage(turn, 'system', error.message || CHAT_FAILED_REPLY_TEXT, { is_error: true });
    return [...out, saved];
  }
  if (!interrupted) return out;
  if (turn.pendingUser) {
    out.push(localMessage(turn, 'user', turn.pendingUser.content, { attachments: turn.pendingUser.attachments }));
  }
  // Stopped by closing the connection: keep what was produced (the server keeps its own copy too).
  if (turn.text) out.push(localMessage(turn, 'assistant', turn.text, { metadata: { stopped: interrupted.aborted } }));
  if (!interrupted.aborted) {
    out.push(localMessage(turn, 'system', describe(interrupted.error), { is_error: true }));
  }
  return out;
}

/**
 * Writes a finished turn into the cache. When the stream was cut rather than finished, the server's copy may
 * differ from ours: reload the thread shortly after so the saved version replaces the local one.
 */
export function finishTurn(
  queryClient: QueryClient,
  result: TurnResult,
  describe: (error: unknown) => string,
): Message[] {
  const conversationId = result.turn.conversationId;
  const messages = turnMessages(result, describe);
  if (!conversationId) return messages;
  commitMessages(queryClient, conversationId, { removedIds: result.turn.removedIds, upserts: messages });
  touchConversation(queryClient, conversationId, new Date().toISOString());
  if (result.interrupted && result.turn.userMessage) {
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(conversationId).queryKey });
    }, 1500);
  }
  return messages;
}
