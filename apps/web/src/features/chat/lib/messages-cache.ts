import type { Conversation, ConversationList, Message, MessageList } from '@hearth/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationsQueryOptions } from '../api/get-conversations';
import { messagesQueryOptions } from '../api/get-messages';

type MessagesData = InfiniteData<MessageList, string | null>;

const emptyMessages = (): MessagesData => ({
  pages: [{ messages: [], older_cursor: null, newer_cursor: null }],
  pageParams: [null],
});

/** A conversation created by this tab starts with an empty, already-loaded message list. */
export function seedEmptyConversation(queryClient: QueryClient, conversationId: string): void {
  const key = messagesQueryOptions(conversationId).queryKey;
  if (!queryClient.getQueryData(key)) queryClient.setQueryData(key, emptyMessages());
}

/** Applies what a stream produced to the cached thread: removals first, then new or replaced messages. */
export function commitMessages(
  queryClient: QueryClient,
  conversationId: string,
  change: { removedIds: readonly string[]; upserts: readonly Message[] },
): void {
  const removed = new Set(change.removedIds);
  queryClient.setQueryData(messagesQueryOptions(conversationId).queryKey, (data) => {
    const base = data ?? emptyMessages();
    let pages = base.pages.map((page) => ({
      ...page,
      messages: page.messages.filter((message) => !removed.has(message.id)),
    }));
    for (const message of change.upserts) {
      const exists = pages.some((page) => page.messages.some((item) => item.id === message.id));
      if (exists) {
        pages = pages.map((page) => ({
          ...page,
          messages: page.messages.map((item) => (item.id === message.id ? message : item)),
        }));
        continue;
      }
      const last = pages.length - 1;
      pages = pages.map((page, index) => (index === last ? { ...page, messages: [...page.messages, message] } : page));
    }
    return { ...base, pages };
  });
}

/** Puts a conversation (new, renamed or just bumped) at the top of the cached list. */
export function upsertConversation(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData(conversationsQueryOptions().queryKey, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((item) => item.id !== conversation.id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest] };
  });
}

/** Marks a conversation as just updated (a message was added) without a refetch. */
export function touchConversation(queryClient: QueryClient, conversationId: string, at: string): void {
  const data = queryClient.getQueryData(conversationsQueryOptions().queryKey);
  const found = data?.pages.flatMap((page) => page.conversations).find((item) => item.id === conversationId);
  if (found) upsertConversation(queryClient, { ...found, updated_at: at });
}

/** Sets a conversation's live flag in every cached list (recent, pinned, folders) without a refetch. */
export function markGenerating(queryClient: QueryClient, conversationId: string, generating: boolean): void {
  queryClient.setQueriesData<InfiniteData<ConversationList>>({ queryKey: ['chat', 'conversations'] }, (data) => {
    if (!data?.pages) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((item) => (item.id === conversationId ? { ...item, generating } : item)),
    }));
    return { ...data, pages };
  });
}
