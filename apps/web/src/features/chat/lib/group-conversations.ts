import type { Conversation } from '@hearth/contract';

export type ConversationGroupLabel = 'Today' | 'Yesterday' | 'Older';

export interface ConversationGroup {
  label: ConversationGroupLabel;
  conversations: Conversation[];
}

const startOfDay = (date: Date): number => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Spec §2: Today / Yesterday / Older by updated date, in the browser's time zone; empty groups left out. */
export function groupConversations(conversations: Conversation[], now: Date = new Date()): ConversationGroup[] {
  const today = startOfDay(now);
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const groups: Record<ConversationGroupLabel, Conversation[]> = { Today: [], Yesterday: [], Older: [] };
  for (const conversation of conversations) {
    const updated = new Date(conversation.updated_at).getTime();
    const label: ConversationGroupLabel = updated >= today ? 'Today' : updated >= yesterday ? 'Yesterday' : 'Older';
    groups[label].push(conversation);
  }
  return (['Today', 'Yesterday', 'Older'] as const)
    .map((label) => ({ label, conversations: groups[label] }))
    .filter((group) => group.conversations.length > 0);
}
