import type { EditMessageBody } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { chatEvents, type ChatStream } from '../lib/chat-events';

/** Replaces a user message's text, drops every later message and answers again. */
export const editMessage = (
  conversationId: string,
  messageId: string,
  body: EditMessageBody,
  signal: AbortSignal,
): ChatStream => chatEvents(apiPaths.conversations.edit(conversationId, messageId), body, signal);
