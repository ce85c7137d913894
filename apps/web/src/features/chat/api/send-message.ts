import type { SendMessageBody } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { chatEvents, type ChatStream } from '../lib/chat-events';

/** POST /api/chat/stream: saves the user message (creating the conversation on a first send), streams the answer. */
export const sendMessage = (body: SendMessageBody, signal: AbortSignal): ChatStream =>
  chatEvents(apiPaths.chat.stream, body, signal);
