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

/**
 * A stored conversation's history as the model sees it: only the shown path (branch) that leads to `before`
 * (the message being answered), or to the end of the shown path when not given; never another branch.
 */
export async function storedHistory(
  repositories: { conversations: ConversationRepository; messages: MessageRepository },
  userId: string,
  conversation: ConversationRow,
  before?: Message,
): Promise<HistorySource> {
  const { conversations, messages } = repositories;
  const end = before?.id ?? (await messages.activeLeaf(userId, conversation.id));
  // With `before`, the path ends at it: it is the message being answered, not history.
  const path = end ? await messages.lineage(userId, conversation.id, end, RECENT_MESSAGES * 2 + 1) : [];
  const latest = before ? path.filter((message) => message.id !== before.id) : path;
  const recent = latest.filter(usable).slice(-RECENT_MESSAGES);
  const first = recent[0];
  const olderThan = async (message: Message, limit: number) =>
    (await messages.lineage(userId, conversation.id, message.id, limit + 1)).slice(0, -1);
  return {
    recent: recent.map(toItem),
    olderCount: first ? (await messages.lineageLength(userId, conversation.id, first.id)) - 1 : 0,
    loadOlder: async () => (first ? (await olderThan(first, SUMMARY_SOURCE_MESSAGES)).filter(usable).map(toItem) : []),
    cache: {
      // A summary written on another branch would tell the model what this path never said.
      summary:
        first && conversation.summary && (await messages.summaryOnPath(userId, conversation.id, first.id))
          ? conversation.summary
          : null,
      coveredCount: conversation.summary_message_count,
      save: async (summary, count) => {
        const through = first ? (await olderThan(first, 1))[0] : undefined;
        await conversations.setSummary(userId, conversation.id, summary, count);
        await messages.setSummaryThrough(userId, conversation.id, through?.id ?? null);
      },
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
