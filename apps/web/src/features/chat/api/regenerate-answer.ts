import type { RegenerateBody } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { chatEvents, type ChatStream } from '../lib/chat-events';

/** Answers the last user message again; the previous answer is kept as another version ("‹ 1/2 ›"). */
export const regenerateAnswer = (conversationId: string, body: RegenerateBody, signal: AbortSignal): ChatStream =>
  chatEvents(apiPaths.conversations.regenerate(conversationId), body, signal);
