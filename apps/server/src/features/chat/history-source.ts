import type { Message } from '@hearth/contract';
import type { ConversationRepository, ConversationRow } from './conversation.repository';
import { type HistoryItem, type HistorySource, RECENT_MESSAGES } from './conversation-context.service';
import type { MessageRepository } from './message.repository';

/** How many older messages a summary is written from at most (the prompt is bounded again by characters). */
const SUMMARY_SOURCE_MESSAGES = 200;

const usable = (message: Message): boolean => !message.is_error && message.type !== 'system';
const toItem = (message: Message): HistoryItem => ({
  type: message.type === 'user' ? 'user' : 'assistant',
  content: message.content,
});

/** A stored conversation before `before` (all of it when not given), with its cached summary. */
export async function storedHistory(
  repositories: { conversations: ConversationRepository; messages: MessageRepository },
  userId: string,
  conversation: ConversationRow,
  before?: Message,
): Promise<HistorySource> {
  const { conversations, messages } = repositories;
  const latest = await messages.recent(userId, conversation.id, RECENT_MESSAGES * 2, before);
  const recent = latest.filter(usable).slice(-RECENT_MESSAGES);
  const first = recent[0];
  return {
    recent: recent.map(toItem),
    olderCount: first ? await messages.count(userId, conversation.id, first) : 0,
    loadOlder: async () =>
      first
        ? (await messages.recent(userId, conversation.id, SUMMARY_SOURCE_MESSAGES, first)).filter(usable).map(toItem)
        : [],
    cache: {
      summary: conversation.summary,
      coveredCount: conversation.summary_message_count,
      save: (summary, count) => conversations.setSummary(userId, conversation.id, summary, count),
    },
  };
}

/** The history a client sent (POST /api/chat conversation_history): nothing to cache it in. */
export function sentHistory(history: { role: 'user' | 'assistant' | 'system'; content: string }[]): HistorySource {
  const items = history.flatMap((turn): HistoryItem[] =>
    turn.role === 'system' ? [] : [{ type: turn.role, content: turn.content }],
  );
  const recent = items.slice(-RECENT_MESSAGES);
  const older = items.slice(0, items.length - recent.length);
  return { recent, olderCount: older.length, loadOlder: async () => older };
}
