import type { EditMessageBody } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { chatEvents, type ChatStream } from '../lib/chat-events';

/** Sends an edited version of a user message as a new branch beside it (the original is kept) and answers it. */
export const editMessage = (
  conversationId: string,
  messageId: string,
  body: EditMessageBody,
  signal: AbortSignal,
): ChatStream => chatEvents(apiPaths.conversations.edit(conversationId, messageId), body, signal);
